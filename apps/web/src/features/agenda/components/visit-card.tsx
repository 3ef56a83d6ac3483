import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { AgendaVisit } from '@ordem-certa/contracts';
import { hhmm, wallClock } from '../lib/zoned.ts';
import { startDrag } from './drag.ts';

/** A visit on the agenda: drag it to another time or technician, click it to open the order. */
export function VisitCard({
  visit,
  lane,
  style,
  compact,
}: {
  visit: AgendaVisit;
  lane: number | null;
  style?: CSSProperties;
  compact?: boolean;
}) {
  const { minutes } = wallClock(visit.scheduledAt);
  const done = visit.state === 20;
  return (
    <Link
      to={`/invoices/${visit.invoiceId}/edit`}
      draggable
      onDragStart={(e) =>
        startDrag(e, { invoiceId: visit.invoiceId, fromWorker: lane, durationMinutes: visit.durationMinutes, minutes })
      }
      className={`agenda-visit d-block text-decoration-none rounded border px-2 py-1 small ${done ? 'agenda-visit-done' : ''}`}
      style={style}
      data-testid={`agenda-visit-${visit.invoiceId}`}
      title={[`OS ${visit.number}`, visit.customerName, visit.address].filter(Boolean).join(' · ')}
    >
      <span className="fw-semibold">
        {hhmm(minutes)}–{hhmm(minutes + visit.durationMinutes)} · OS {visit.number}
      </span>
      <span className="d-block text-truncate">{visit.customerName}</span>
      {visit.confirmed && (
        <span className="badge text-bg-success" title="O cliente confirmou este horário pelo WhatsApp">
          Confirmada
        </span>
      )}
      {!compact && visit.address && <span className="d-block text-truncate text-body-secondary">{visit.address}</span>}
    </Link>
  );
}
