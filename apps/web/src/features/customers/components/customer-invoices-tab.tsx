import { Form } from 'react-bootstrap';
import { useAuth } from '../../../lib/auth.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { FilterPopover } from '../../../components/filter-popover.tsx';
import { baseFilterDefaults, usePersistedFilter, type BaseFilter } from '../../../lib/use-persisted-filter.ts';

interface InvoiceFilter extends BaseFilter {
  isPaid: boolean;
  isNotPaid: boolean;
}
const defaults: InvoiceFilter = { ...baseFilterDefaults, isPaid: false, isNotPaid: false };

const columns: Column<never>[] = ['#', 'Data', 'Empresa', 'Cliente', 'Natureza da Op.', 'Status', 'Etiquetas'].map(
  (header) => ({ header, cell: () => null }),
);

/**
 * Ordens de Serviço of a customer: the filter (key customers-invoices; paid and not paid exclude
 * each other) and the admin-only 'Nova OS' link (new tab). Service orders are not built yet, so no
 * call is made and the list is empty; the service-order feature plugs its list query, status and
 * worker filters in here.
 */
export function CustomerInvoicesTab({ customerId }: { customerId: number }) {
  const { isAdmin } = useAuth();
  const [filter, setFilter, reset] = usePersistedFilter('customers-invoices', defaults);
  const count = (filter.q ? 1 : 0) + (filter.isPaid ? 1 : 0) + (filter.isNotPaid ? 1 : 0);
  return (
    <section aria-label="Ordens de serviço do cliente">
      <div className="d-flex flex-wrap justify-content-end gap-2 mb-2">
        <FilterPopover value={filter} count={count} onApply={(f) => setFilter({ ...f, skip: 0 })} onClear={reset}>
          {(draft, setDraft) => (
            <>
              <Form.Group className="mb-3" controlId="customer-invoices-q">
                <Form.Label>Pesquisar</Form.Label>
                <Form.Control
                  value={draft.q ?? ''}
                  placeholder="Número, empresa..."
                  onChange={(e) => setDraft({ ...draft, q: e.target.value })}
                />
              </Form.Group>
              <Form.Check
                id="customer-invoices-paid"
                label="Pagas"
                checked={draft.isPaid}
                onChange={(e) => setDraft({ ...draft, isPaid: e.target.checked, isNotPaid: false })}
              />
              <Form.Check
                id="customer-invoices-not-paid"
                label="Não pagas"
                checked={draft.isNotPaid}
                onChange={(e) => setDraft({ ...draft, isNotPaid: e.target.checked, isPaid: false })}
              />
            </>
          )}
        </FilterPopover>
        {isAdmin && (
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
        <DataTable columns={columns} rows={[]} rowKey={() => 0} emptyText="Nenhuma ordem de serviço encontrada" />
      </div>
    </section>
  );
}
