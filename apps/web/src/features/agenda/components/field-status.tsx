import { useQuery } from '@tanstack/react-query';
import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import { can, fieldStatusLabels, type FieldStatus, type FieldStatusList } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath, useViewer } from '../../../lib/auth.tsx';
import { formatTime } from '../../../lib/format.ts';

const badge: Record<FieldStatus, string> = {
  traveling: 'info',
  onSite: 'primary',
  working: 'success',
  free: 'secondary',
};

/** Each technician's status now, from their latest stamp (read again every minute). */
export function FieldStatusStrip() {
  const orgPath = useOrgPath();
  // Whoever sees every order sees where everyone is; a scheduler without that permission does not.
  const allowed = can(useViewer(), 'invoice.seeAll');
  const status = useQuery({
    enabled: allowed,
    queryKey: ['agenda', orgPath, 'field-status'],
    queryFn: () => api.get<FieldStatusList>(`${orgPath}/field/status`),
    refetchInterval: 60_000,
  });
  const rows = status.data?.data ?? [];
  if (!rows.length) return null;
  return (
    <section
      aria-label="Técnicos agora"
      className="d-flex flex-wrap gap-3 mb-3 small bg-white border rounded px-3 py-2"
      data-testid="field-status"
    >
      {rows.map((r) => (
        <span key={r.userId} className="d-inline-flex align-items-center gap-1">
          <strong>{r.name}</strong>
          <Badge bg={badge[r.status]}>{fieldStatusLabels[r.status]}</Badge>
          {r.invoiceId !== null && (
            <>
              <Link to={`/invoices/${r.invoiceId}/edit`}>OS {r.invoiceNumber}</Link>
              {r.since && <span className="text-body-secondary">desde {formatTime(r.since)}</span>}
            </>
          )}
        </span>
      ))}
    </section>
  );
}
