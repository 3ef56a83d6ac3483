import type { AgendaVisit } from '@ordem-certa/contracts';
import { shortDay, wallClock } from '../lib/zoned.ts';
import type { Lane } from './day-grid.tsx';
import { allowDrop, droppedVisit, type DraggedVisit } from './drag.ts';
import { VisitCard } from './visit-card.tsx';

/** A week: a row a technician, a column a day; a visit dropped on another day keeps its time. */
export function WeekGrid({
  lanes,
  days,
  visits,
  onDrop,
}: {
  lanes: Lane[];
  days: string[];
  visits: AgendaVisit[];
  onDrop: (visit: DraggedVisit, lane: Lane, day: string) => void;
}) {
  const at = (lane: Lane, day: string) =>
    visits.filter(
      (v) =>
        wallClock(v.scheduledAt).day === day &&
        (lane.id === null ? v.workers.length === 0 : v.workers.some((w) => w.id === lane.id)),
    );
  return (
    // Scrolls sideways on a phone: a focusable region, so a keyboard user can scroll it too.
    <div className="table-responsive border rounded bg-body" role="region" aria-label="Semana" tabIndex={0}>
      <table className="table table-bordered mb-0 agenda-week" aria-label="Agenda da semana">
        <thead>
          <tr>
            <th scope="col" className="agenda-week-name">
              Técnico
            </th>
            {days.map((d) => (
              <th key={d} scope="col" className="text-capitalize small">
                {shortDay(d)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lanes.map((lane) => (
            <tr key={lane.id ?? 'none'}>
              <th scope="row" className="small agenda-week-name">
                {lane.name}
              </th>
              {days.map((day) => (
                <td
                  key={day}
                  className="agenda-week-cell p-1"
                  data-testid={`agenda-cell-${lane.id ?? 'none'}-${day}`}
                  onDragOver={allowDrop}
                  onDrop={(e) => {
                    const visit = droppedVisit(e);
                    if (!visit) return;
                    e.preventDefault();
                    onDrop(visit, lane, day);
                  }}
                >
                  <div className="d-grid gap-1">
                    {at(lane, day).map((v) => (
                      <VisitCard key={v.invoiceId} visit={v} lane={lane.id} compact />
                    ))}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
