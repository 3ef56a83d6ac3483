import type { InvoiceListRow } from '@ordem-certa/contracts';
import type { Column } from '../data-table.tsx';
import { DateTime, recordColumns, RecordTable } from '../record-list/record-columns.tsx';
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

/** When the visit is, for a list sorted or filtered by it. */
const scheduledColumn: Column<InvoiceListRow> = {
  header: 'Agendada',
  className: 'text-nowrap small',
  cell: (r) =>
    r.scheduledAt ? <DateTime at={r.scheduledAt} /> : <span className="text-body-secondary">Sem agendamento</span>,
};

/**
 * The service-order list columns: #, Data, Empresa (name + identifier), Cliente,
 * Natureza da Op., Status, Etiquetas. The number's link stretches over the row, so the whole row opens
 * the order; on a phone the secondary columns fold away and the company goes under the customer.
 */
const columns = (hideCustomer: boolean, bySchedule: boolean): Column<InvoiceListRow>[] =>
  recordColumns<InvoiceListRow>({
    editPath: invoiceEditPath,
    name: 'Ordem de serviço',
    hideCustomer,
    status: (r) => <StatusBadges row={r} />,
    tags: (r) => r.invoiceTags,
    date: bySchedule ? scheduledColumn : undefined,
    underCustomer: (r) => <div className="small text-body-secondary d-none d-sm-block d-md-none">{r.companyName}</div>,
  });

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
    <RecordTable
      columns={columns(hideCustomer, bySchedule)}
      rows={rows}
      isLoading={isLoading}
      emptyText={emptyText ?? 'Nenhum registro encontrado'}
    />
  );
}
