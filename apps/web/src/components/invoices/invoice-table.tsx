import { Link } from 'react-router';
import { formatIdentifier, type InvoiceListRow } from '@oficina/contracts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { DataTable, type Column } from '../data-table.tsx';
import { TagBadge } from '../tag-badge.tsx';
import { InvoiceStatusBadge, PaidBadge } from './invoice-status-badge.tsx';

function StatusBadges({ row }: { row: InvoiceListRow }) {
  return (
    <div className="d-flex flex-wrap gap-1">
      <InvoiceStatusBadge state={row.statusState} label={row.statusLabel} />
      {row.isPaid && <PaidBadge />}
    </div>
  );
}

export const invoiceEditPath = (id: number) => `/invoices/${id}/edit`;

/**
 * The service-order list columns: #, Data, Empresa (name + identifier), Cliente,
 * Natureza da Op., Status, Etiquetas. The number's link stretches over the row, so the whole row opens
 * the order; on a phone the secondary columns fold away and the company goes under the customer.
 */
const columns = (hideCustomer: boolean, bySchedule: boolean): Column<InvoiceListRow>[] => [
  {
    header: '#',
    className: 'text-nowrap fw-semibold',
    cell: (r) => (
      <Link to={invoiceEditPath(r.id)} className="stretched-link" aria-label={`Ordem de serviço ${r.number}`}>
        {r.number}
      </Link>
    ),
  },
  bySchedule
    ? {
        header: 'Agendada',
        className: 'text-nowrap small',
        cell: (r) =>
          r.scheduledAt ? (
            <>
              {formatDate(r.scheduledAt)}
              <div className="text-body-secondary">{formatTime(r.scheduledAt)}</div>
            </>
          ) : (
            <span className="text-body-secondary">Sem agendamento</span>
          ),
      }
    : {
        header: 'Data',
        className: 'text-nowrap small',
        cell: (r) => (
          <>
            {formatDate(r.createdAt)}
            <div className="text-body-secondary">{formatTime(r.createdAt)}</div>
          </>
        ),
      },
  {
    header: 'Empresa',
    className: 'd-none d-md-table-cell',
    cell: (r) => (
      <>
        {r.companyName}
        <div className="small text-body-secondary text-nowrap">
          {formatIdentifier(r.companyIdentifier, r.companyType)}
        </div>
      </>
    ),
  },
  ...(hideCustomer
    ? []
    : [
        {
          header: 'Cliente',
          cell: (r: InvoiceListRow) => (
            <>
              {r.customerName}
              <div className="small text-body-secondary d-none d-sm-block d-md-none">{r.companyName}</div>
              {/* On a phone the status rides under the customer instead of a column off screen. */}
              <div className="d-sm-none mt-1">
                <StatusBadges row={r} />
              </div>
            </>
          ),
        },
      ]),
  { header: 'Natureza da Op.', className: 'd-none d-lg-table-cell', cell: (r) => r.transactionNatureName },
  {
    header: 'Status',
    className: hideCustomer ? undefined : 'd-none d-sm-table-cell',
    cell: (r) => <StatusBadges row={r} />,
  },
  {
    header: 'Etiquetas',
    className: 'd-none d-sm-table-cell',
    cell: (r) => (
      <div className="d-flex flex-wrap gap-1">
        {r.invoiceTags.map((t) => (
          <TagBadge key={t.tagId} name={t.name} color={t.color} />
        ))}
      </div>
    ),
  },
];

interface InvoiceTableProps {
  rows: InvoiceListRow[] | undefined;
  isLoading: boolean;
  /** Inside a customer's page the customer column says nothing new. */
  hideCustomer?: boolean;
  /** Sorted by the visit: the scheduled time instead of the creation date. */
  bySchedule?: boolean;
  emptyText?: string;
}

export function InvoiceTable({
  rows,
  isLoading,
  hideCustomer = false,
  bySchedule = false,
  emptyText,
}: InvoiceTableProps) {
  return (
    <div className="invoice-table">
      <DataTable
        columns={columns(hideCustomer, bySchedule)}
        rows={rows}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        emptyText={emptyText ?? 'Nenhum registro encontrado'}
      />
    </div>
  );
}
