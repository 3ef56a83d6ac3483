import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { can } from '@ordem-certa/contracts';
import { useAuth, useViewer } from '../../../lib/auth.tsx';
import { usePersistedFilter } from '../../../lib/use-persisted-filter.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useInvoices } from '../../../components/invoices/api/get-invoices.ts';
import {
  InvoiceFilterPopover,
  invoiceFilterDefaults,
  showsSchedule,
  technicianFilterDefaults,
  toInvoicesQuery,
} from '../../../components/invoices/invoice-filter.tsx';
import { InvoiceTable } from '../../../components/invoices/invoice-table.tsx';

/**
 * /invoices 'Ordens de Serviço': the filter kept under the key 'invoices', real pagination, 'Novo' for
 * admins. A collaborator gets only the orders they work on (the server decides that), by default the
 * open ones, soonest visit first; their filter is kept apart from an admin's on the same browser.
 */
export function InvoicesPage() {
  const { isAdmin } = useAuth();
  const viewer = useViewer();
  const allOrders = can.seeAllOrders(viewer);
  const persisted = usePersistedFilter(
    allOrders ? 'invoices' : 'invoices-technician',
    allOrders ? invoiceFilterDefaults : technicianFilterDefaults,
  );
  const [filter, setFilter] = persisted;
  // The customer list is admin-only on the server, so a collaborator filters customers through q.
  const query = toInvoicesQuery(isAdmin ? filter : { ...filter, customer: null, worker: null });
  const list = useInvoices(query);
  return (
    <>
      <PageHeader
        title="Ordens de Serviço"
        actions={
          <>
            <InvoiceFilterPopover idPrefix="invoices-filter" filter={persisted} showCustomer={isAdmin} />
            {isAdmin && (
              <Link to="/invoices/new" className="btn btn-primary">
                Novo
              </Link>
            )}
          </>
        }
      />
      {filter.open && (
        <p className="small text-body-secondary d-flex flex-wrap align-items-center gap-2">
          Concluídas, canceladas e pagas não aparecem.
          <Button
            variant="link"
            size="sm"
            className="p-0 align-baseline"
            onClick={() => setFilter((f) => ({ ...f, open: false, skip: 0 }))}
          >
            Mostrar todas
          </Button>
        </p>
      )}
      <div className="card-list">
        <InvoiceTable rows={list.data?.data} isLoading={list.isPending} bySchedule={showsSchedule(filter)} />
        <PaginationBar meta={list.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
    </>
  );
}
