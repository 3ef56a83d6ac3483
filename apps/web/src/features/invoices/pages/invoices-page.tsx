import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth.tsx';
import { usePersistedFilter } from '../../../lib/use-persisted-filter.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useInvoices } from '../../../components/invoices/api/get-invoices.ts';
import {
  InvoiceFilterPopover,
  invoiceFilterDefaults,
  toInvoicesQuery,
} from '../../../components/invoices/invoice-filter.tsx';
import { InvoiceTable } from '../../../components/invoices/invoice-table.tsx';

/**
 * /invoices 'Ordens de Serviço': the filter kept under the key 'invoices', real pagination, 'Novo' for
 * admins. A collaborator gets only the orders they work on: the server decides that.
 */
export function InvoicesPage() {
  const { isAdmin } = useAuth();
  const [filter, setFilter, reset] = usePersistedFilter('invoices', invoiceFilterDefaults);
  // The customer list is admin-only on the server, so a collaborator filters customers through q.
  const query = toInvoicesQuery(isAdmin ? filter : { ...filter, customer: null, worker: null });
  const list = useInvoices(query);
  return (
    <>
      <PageHeader
        title="Ordens de Serviço"
        actions={
          <>
            <InvoiceFilterPopover
              idPrefix="invoices-filter"
              value={filter}
              onApply={setFilter}
              onClear={reset}
              showCustomer={isAdmin}
              showWorker={isAdmin}
            />
            {isAdmin && (
              <Link to="/invoices/new" className="btn btn-primary">
                Novo
              </Link>
            )}
          </>
        }
      />
      <div className="card-list">
        <InvoiceTable rows={list.data?.data} isLoading={list.isPending} />
        <PaginationBar meta={list.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
    </>
  );
}
