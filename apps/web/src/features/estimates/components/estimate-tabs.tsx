import { Badge, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { estimateEmailStatusLabels } from '@oficina/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { InvoiceStatusBadge } from '../../../components/invoices/invoice-status-badge.tsx';
import { useEmails } from '../api/emails.ts';
import { useEstimateInvoices } from '../api/invoices.ts';
import { ConnectionNotice, useNoConnection } from '../../../components/connection-notice.tsx';

/** Tab 'Ordens de Serviço': the orders generated from the estimate, newest first. */
export function EstimateInvoicesTab({ estimateId }: { estimateId: number }) {
  const query = useEstimateInvoices(estimateId);
  const orders = query.data?.data ?? [];
  const offline = useNoConnection(query);
  if (offline) return <ConnectionNotice compact />;
  if (query.isPending) return <p className="text-body-secondary">Carregando...</p>;
  if (!orders.length)
    return <p className="text-body-secondary">Nenhuma ordem de serviço gerada a partir deste orçamento.</p>;
  return (
    <Table responsive className="bg-white align-middle" aria-label="Ordens de serviço do orçamento">
      <thead>
        <tr>
          <th>#</th>
          <th>Data</th>
          <th>Status</th>
          <th className="d-none d-sm-table-cell">Itens</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id}>
            <td>
              <Link to={`/invoices/${o.id}/edit`}>{o.number}</Link>
            </td>
            <td className="text-nowrap">{formatDateTime(o.createdAt)}</td>
            <td>
              <InvoiceStatusBadge state={o.statusState} label={o.statusLabel} />
            </td>
            <td className="d-none d-sm-table-cell small">
              {o.equipmentsCount} equip. · {o.servicesCount} serv. · {o.productsCount} prod.
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const statusVariant = { queued: 'warning', sent: 'success', written: 'info', failed: 'danger' } as const;

/** Tab 'E-mails enviados': when, subject, recipients, and whether it went out. */
export function EstimateEmailsTab({ estimateId }: { estimateId: number }) {
  const query = useEmails(estimateId);
  const emails = query.data?.data ?? [];
  const offline = useNoConnection(query);
  if (offline) return <ConnectionNotice compact />;
  if (query.isPending) return <p className="text-body-secondary">Carregando...</p>;
  if (!emails.length) return <p className="text-body-secondary">Nenhum e-mail enviado.</p>;
  return (
    <Table responsive className="bg-white align-middle" aria-label="E-mails enviados">
      <thead>
        <tr>
          <th>Data</th>
          <th>Assunto</th>
          <th className="d-none d-md-table-cell">Destinatários</th>
          <th>Situação</th>
        </tr>
      </thead>
      <tbody>
        {emails.map((m) => (
          <tr key={m.id}>
            <td className="text-nowrap small">{formatDateTime(m.createdAt)}</td>
            <td>
              {m.subject}
              <div className="small text-body-secondary d-md-none text-break">{m.to.join(', ')}</div>
            </td>
            <td className="small d-none d-md-table-cell">{m.to.join(', ')}</td>
            <td>
              <Badge
                bg={statusVariant[m.status]}
                text={m.status === 'queued' ? 'dark' : undefined}
                title={m.error ?? undefined}
              >
                {estimateEmailStatusLabels[m.status]}
              </Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
