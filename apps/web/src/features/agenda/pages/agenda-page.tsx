import { useMemo, useState } from 'react';
import { Button, ButtonGroup, ToggleButton } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { agendaMessages, messages, type MoveVisitBody } from '@ordem-certa/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { toastApiError } from '../../../lib/api-client.ts';
import { useAgenda, useMoveVisit, useTechnicians } from '../api/agenda.ts';
import { DayGrid, DAY_START, type Lane } from '../components/day-grid.tsx';
import type { DraggedVisit } from '../components/drag.ts';
import { UnscheduledList } from '../components/unscheduled-list.tsx';
import { WeekGrid } from '../components/week-grid.tsx';
import { FieldStatusStrip } from '../components/field-status.tsx';
import { DayRoutePanel } from '../components/day-route.tsx';
import { addDays, longDay, shortDay, today, weekStart, zonedIso } from '../lib/zoned.ts';

type View = 'day' | 'week';

/**
 * The office's agenda: the scheduled visits by technician, a day (by time) or a week (by day). Drag a
 * visit to another time, day or technician, or an order from the side list onto the agenda; the server
 * warns when it overlaps another visit of that technician.
 */
export function AgendaPage() {
  const [view, setView] = useState<View>('day');
  const [day, setDay] = useState(today);
  const days = useMemo(
    () => (view === 'day' ? [day] : Array.from({ length: 7 }, (_, k) => addDays(weekStart(day), k))),
    [view, day],
  );
  const agenda = useAgenda(days[0]!, days.at(-1)!);
  const technicians = useTechnicians();
  const move = useMoveVisit();

  const visits = agenda.data?.data ?? [];
  const lanes: Lane[] = [
    ...(technicians.data ?? []).map((u) => ({ id: u.id, name: u.name })),
    ...(visits.some((v) => v.workers.length === 0) ? [{ id: null, name: 'Sem técnico' }] : []),
  ];

  const drop = async (visit: DraggedVisit, lane: Lane, targetDay: string, minutes: number) => {
    const body: MoveVisitBody = { scheduledAt: zonedIso(targetDay, minutes) };
    if (lane.id !== null && lane.id !== visit.fromWorker) {
      body.to = lane.id;
      if (visit.fromWorker !== null) body.from = visit.fromWorker;
    }
    try {
      const { overlaps } = await move.mutateAsync({ invoiceId: visit.invoiceId, body });
      if (overlaps.length)
        toast.warning(
          agendaMessages.overlap([...new Set(overlaps.map((o) => `${o.workerName} (OS ${o.number})`))].join(', ')),
        );
      else toast.success(agendaMessages.moved);
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };

  const step = view === 'day' ? 1 : 7;
  const text = view === 'day' ? longDay(day) : `${shortDay(days[0]!)} a ${shortDay(days.at(-1)!)}`;
  const title = text.charAt(0).toUpperCase() + text.slice(1);
  return (
    <>
      <PageHeader
        title="Agenda"
        actions={
          <ButtonGroup aria-label="Visão">
            {(['day', 'week'] as const).map((v) => (
              <ToggleButton
                key={v}
                id={`agenda-view-${v}`}
                type="radio"
                variant="outline-primary"
                name="agenda-view"
                value={v}
                checked={view === v}
                onChange={() => setView(v)}
              >
                {v === 'day' ? 'Dia' : 'Semana'}
              </ToggleButton>
            ))}
          </ButtonGroup>
        }
      />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <ButtonGroup>
          <Button variant="outline-secondary" onClick={() => setDay(addDays(day, -step))} aria-label="Anterior">
            ‹
          </Button>
          <Button variant="outline-secondary" onClick={() => setDay(today())}>
            Hoje
          </Button>
          <Button variant="outline-secondary" onClick={() => setDay(addDays(day, step))} aria-label="Próximo">
            ›
          </Button>
        </ButtonGroup>
        <h2 className="h5 mb-0" data-testid="agenda-title">
          {title}
        </h2>
        <input
          type="date"
          className="form-control form-control-sm w-auto ms-auto"
          aria-label="Ir para a data"
          value={day}
          onChange={(e) => e.target.value && setDay(e.target.value)}
        />
      </div>
      <FieldStatusStrip />
      <div className="agenda-layout">
        <div className="agenda-main">
          <QueryState isPending={agenda.isPending || technicians.isPending} error={agenda.error ?? technicians.error}>
            {view === 'day' ? (
              <DayGrid lanes={lanes} visits={visits} onDrop={(v, lane, minutes) => drop(v, lane, day, minutes)} />
            ) : (
              <WeekGrid
                lanes={lanes}
                days={days}
                visits={visits}
                onDrop={(v, lane, targetDay) => drop(v, lane, targetDay, v.minutes ?? DAY_START + 2 * 60)}
              />
            )}
          </QueryState>
          {view === 'day' && <DayRoutePanel day={day} technicians={technicians.data ?? []} />}
        </div>
        <UnscheduledList />
      </div>
    </>
  );
}
