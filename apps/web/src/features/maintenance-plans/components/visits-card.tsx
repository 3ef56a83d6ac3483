import { Badge, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { occurrenceStatusLabels, type MaintenanceOccurrence, type OccurrenceStatus } from '@ordem-certa/contracts';
import { formatIsoDate } from '../../../lib/format.ts';
import { todayIso } from '../../../lib/time-zone.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { useVisits } from '../api/get-visits.ts';

const badgeOf: Record<OccurrenceStatus, string> = {
  done: 'success',
  late: 'danger',
  next: 'primary',
  canceled: 'secondary',
};

function VisitLine({ visit }: { visit: MaintenanceOccurrence }) {
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2 plan-visit" data-status={visit.status}>
      <span className="fw-semibold plan-visit-date">{formatIsoDate(visit.date)}</span>
      <Badge bg={badgeOf[visit.status]}>{occurrenceStatusLabels[visit.status]}</Badge>
      <span className="ms-auto small text-end">
        {visit.invoice ? (
          <>
            <Link to={`/invoices/${visit.invoice.id}/edit`}>OS nº {visit.invoice.number}</Link>
            <span className="text-body-secondary"> · {visit.invoice.statusLabel}</span>
          </>
        ) : (
          visit.generatesOn && (
            <span className="text-body-secondary">
              {/* Not made yet: on a day to come, or at the job's next round when that day has come. */}
              {visit.generatesOn > todayIso()
                ? `OS será gerada em ${formatIsoDate(visit.generatesOn)}`
                : 'OS será gerada em instantes'}
            </span>
          )
        )}
      </span>
    </li>
  );
}

/**
 * 'Manutenções': the plan's visits, newest first — the next ones to come (their orders made on the date
 * shown), then each visit with its order: done, late, upcoming or canceled.
 */
export function VisitsCard({ planId }: { planId: number }) {
  const visits = useVisits(planId);
  const data = visits.data?.data ?? [];
  const late = data.filter((v) => v.status === 'late').length;
  return (
    <SectionCard
      title="Manutenções"
      action={late > 0 && <Badge bg="danger">{late === 1 ? '1 atrasada' : `${late} atrasadas`}</Badge>}
    >
      {visits.isPending ? (
        <Spinner size="sm" />
      ) : visits.error ? (
        <p className="text-danger mb-0">Não foi possível carregar as manutenções.</p>
      ) : !data.length ? (
        <p className="text-body-secondary mb-0">Nenhuma manutenção.</p>
      ) : (
        <ul className="list-group list-group-flush plan-visits" aria-label="Manutenções do plano">
          {data.map((v) => (
            <VisitLine key={`${v.date}-${v.invoice?.id ?? 'next'}`} visit={v} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
