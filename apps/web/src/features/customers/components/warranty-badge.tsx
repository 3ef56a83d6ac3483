import { Badge } from 'react-bootstrap';
import { todayIso } from '../../../lib/time-zone.ts';

/** 'YYYY-MM-DD' as dd/mm/aaaa (a calendar day: no time zone to convert). */
const dayText = (day: string) => day.split('-').toReversed().join('/');

/**
 * The equipment's warranty from its last completed order: 'Em garantia até dd/mm/aaaa' while it lasts
 * (the day itself included), 'Garantia encerrada em dd/mm/aaaa' after; nothing without one.
 */
export function WarrantyBadge({ until }: { until: string | null }) {
  if (!until) return null;
  if (until >= todayIso())
    return (
      <Badge bg="success" className="fw-normal">
        Em garantia até {dayText(until)}
      </Badge>
    );
  return <span className="small text-body-secondary">Garantia encerrada em {dayText(until)}</span>;
}
