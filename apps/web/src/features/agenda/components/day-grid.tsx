import type { AgendaVisit } from '@ordem-certa/contracts';
import { hhmm, wallClock } from '../lib/zoned.ts';
import { allowDrop, droppedVisit, type DraggedVisit } from './drag.ts';
import { VisitCard } from './visit-card.tsx';

export const DAY_START = 6 * 60;
export const DAY_END = 22 * 60;
const PX_PER_MIN = 1;
const SNAP = 15;

/**
 * Side by side where visits of one lane share minutes: each cluster of overlapping visits is split
 * into as many columns as it needs at most, a visit taking the first column free at its start.
 */
export function columnsOf(visits: AgendaVisit[]) {
  const placed = new Map<number, { column: number; columns: number }>();
  const sorted = [...visits].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
  let cluster: AgendaVisit[] = [];
  let clusterEnd = -Infinity;
  let ends: number[] = [];
  const close = () => {
    for (const v of cluster) placed.get(v.invoiceId)!.columns = ends.length;
    cluster = [];
    ends = [];
  };
  for (const v of sorted) {
    const start = Date.parse(v.scheduledAt);
    const end = start + v.durationMinutes * 60_000;
    if (start >= clusterEnd) close();
    let column = ends.findIndex((e) => e <= start);
    if (column === -1) column = ends.push(end) - 1;
    else ends[column] = end;
    placed.set(v.invoiceId, { column, columns: 1 });
    cluster.push(v);
    clusterEnd = Math.max(clusterEnd === -Infinity ? end : clusterEnd, end);
  }
  close();
  return placed;
}

export interface Lane {
  id: number | null;
  name: string;
}

/** One day: a column a technician, a row every half hour; a visit sits at its time, as tall as it lasts. */
export function DayGrid({
  lanes,
  visits,
  onDrop,
}: {
  lanes: Lane[];
  visits: AgendaVisit[];
  onDrop: (visit: DraggedVisit, lane: Lane, minutes: number) => void;
}) {
  const height = (DAY_END - DAY_START) * PX_PER_MIN;
  const hours = Array.from({ length: (DAY_END - DAY_START) / 60 }, (_, k) => DAY_START + k * 60);
  const inLane = (lane: Lane) =>
    visits.filter((v) => (lane.id === null ? v.workers.length === 0 : v.workers.some((w) => w.id === lane.id)));
  const layouts = new Map(lanes.map((lane) => [lane.id, columnsOf(inLane(lane))]));
  return (
    // Scrolls sideways when there are more technicians than the screen holds: focusable, so a keyboard
    // user can scroll it too.
    <section className="agenda-day border rounded bg-body" aria-label="Agenda do dia" tabIndex={0}>
      <div className="agenda-day-row d-flex">
        <div className="agenda-gutter" />
        {lanes.map((lane) => (
          <div
            key={lane.id ?? 'none'}
            className="agenda-lane-head fw-semibold small text-truncate px-2 py-1 border-start"
          >
            {lane.name}
          </div>
        ))}
      </div>
      <div className="agenda-day-row d-flex">
        <div className="agenda-gutter position-relative" style={{ height }}>
          {hours.map((h) => (
            <span
              key={h}
              className="agenda-hour small text-body-secondary"
              style={{ top: (h - DAY_START) * PX_PER_MIN }}
            >
              {hhmm(h)}
            </span>
          ))}
        </div>
        {lanes.map((lane) => (
          <div
            key={lane.id ?? 'none'}
            className="agenda-lane position-relative border-start"
            style={{ height }}
            data-testid={`agenda-lane-${lane.id ?? 'none'}`}
            onDragOver={allowDrop}
            onDrop={(e) => {
              const visit = droppedVisit(e);
              if (!visit) return;
              e.preventDefault();
              const y = e.clientY - e.currentTarget.getBoundingClientRect().top;
              const minutes = Math.round(y / PX_PER_MIN / SNAP) * SNAP + DAY_START;
              onDrop(visit, lane, Math.min(Math.max(minutes, DAY_START), DAY_END - SNAP));
            }}
          >
            {hours.map((h) => (
              <div key={h} className="agenda-hour-line" style={{ top: (h - DAY_START) * PX_PER_MIN }} />
            ))}
            {inLane(lane).map((v) => {
              const start = Math.max(wallClock(v.scheduledAt).minutes, DAY_START);
              const { column, columns } = layouts.get(lane.id)!.get(v.invoiceId)!;
              return (
                <VisitCard
                  key={v.invoiceId}
                  visit={v}
                  lane={lane.id}
                  compact={v.durationMinutes < 60}
                  style={{
                    position: 'absolute',
                    left: `calc(${(column / columns) * 100}% + 4px)`,
                    width: `calc(${100 / columns}% - 8px)`,
                    top: (start - DAY_START) * PX_PER_MIN,
                    height: Math.max(v.durationMinutes * PX_PER_MIN - 2, 24),
                  }}
                />
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
