import { Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { InvoiceStatusBadge } from '../../../components/invoices/invoice-status-badge.tsx';
import { SentEmails } from '../../../components/email/sent-emails.tsx';
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

/** Tab 'E-mails enviados': when, subject, recipients, and whether it went out. */
export function EstimateEmailsTab({ estimateId }: { estimateId: number }) {
  return <SentEmails query={useEmails(estimateId)} />;
}
