import { can } from '@ordem-certa/contracts';
import { useViewer } from '../../../lib/auth.tsx';
import { usePersistedFilter } from '../../../lib/use-persisted-filter.ts';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useInvoices } from '../../../components/invoices/api/get-invoices.ts';
import {
  InvoiceFilterPopover,
  invoiceFilterDefaults,
  toInvoicesQuery,
} from '../../../components/invoices/invoice-filter.tsx';
import { InvoiceTable } from '../../../components/invoices/invoice-table.tsx';

/**
 * Ordens de Serviço of a customer: GET invoices/filter?customer={id} with the filter kept
 * under 'customers-invoices' (status, paid / not paid, worker, q), and, for who creates orders, the link that opens
 * /invoices/new?customerId={id} in a new tab (not for an anonymized customer).
 */
export function CustomerInvoicesTab({ customerId, canAdd = true }: { customerId: number; canAdd?: boolean }) {
  const viewer = useViewer();
  const persisted = usePersistedFilter('customers-invoices', invoiceFilterDefaults, { url: false });
  const [filter, setFilter] = persisted;
  const list = useInvoices(toInvoicesQuery({ ...filter, customer: null }, customerId));
  return (
    <section aria-label="Ordens de serviço do cliente">
      <div className="d-flex flex-wrap justify-content-end gap-2 mb-2">
        <InvoiceFilterPopover idPrefix="customer-invoices" filter={persisted} showCustomer={false} />
        {can(viewer, 'invoice.create') && canAdd && (
          <a
            className="btn btn-primary"
            href={`/invoices/new?customerId=${customerId}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Nova OS
          </a>
        )}
      </div>
      <div className="card-list">
        <InvoiceTable
          rows={list.data?.data}
          isLoading={list.isPending}
          hideCustomer
          emptyText="Nenhuma ordem de serviço encontrada"
        />
        <PaginationBar meta={list.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
    </section>
  );
}
