import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { can } from '@ordem-certa/contracts';
import { useViewer } from '../../../lib/auth.tsx';
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
 * who creates orders. Who does not see every order gets only those they work on (the server decides
 * that), by default the open ones, soonest visit first; their filter is kept apart from the office's on
 * the same browser.
 */
export function InvoicesPage() {
  const viewer = useViewer();
  const allOrders = can(viewer, 'invoice.seeAll');
  const customers = can(viewer, 'customer.see');
  const persisted = usePersistedFilter(
    allOrders ? 'invoices' : 'invoices-technician',
    allOrders ? invoiceFilterDefaults : technicianFilterDefaults,
  );
  const [filter, setFilter] = persisted;
  // Without the customer list (the server refuses it), customers are found through q; without every
  // order, there is no one else's work to filter by.
  const query = toInvoicesQuery({
    ...filter,
    customer: customers ? filter.customer : null,
    worker: allOrders ? filter.worker : null,
  });
  const list = useInvoices(query);
  return (
    <>
      <PageHeader
        title="Ordens de Serviço"
        actions={
          <>
            <InvoiceFilterPopover idPrefix="invoices-filter" filter={persisted} showCustomer={customers} />
            {can(viewer, 'invoice.create') && (
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
