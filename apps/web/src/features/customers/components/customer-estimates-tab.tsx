import { Form } from 'react-bootstrap';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { FilterPopover } from '../../../components/filter-popover.tsx';
import { baseFilterDefaults, usePersistedFilter, type BaseFilter } from '../../../lib/use-persisted-filter.ts';

/** Estimate statuses (spec 2 §4), for the filter. */
const statuses = [
  { value: 0, label: 'Rascunho' },
  { value: 1, label: 'Em Andamento' },
  { value: 10, label: 'Concluído' },
  { value: -1, label: 'Cancelado' },
];

interface EstimateFilter extends BaseFilter {
  statuses: number[];
}
const defaults: EstimateFilter = { ...baseFilterDefaults, statuses: [] };

// Secondary columns give way on small screens.
const columns: Column<never>[] = [
  { header: '#', cell: () => null },
  { header: 'Data', cell: () => null, className: 'd-none d-md-table-cell' },
  { header: 'Empresa', cell: () => null, className: 'd-none d-lg-table-cell' },
  { header: 'Cliente', cell: () => null, className: 'd-none d-lg-table-cell' },
  { header: 'Natureza da Op.', cell: () => null, className: 'd-none d-md-table-cell' },
  { header: 'Status', cell: () => null },
  { header: 'Etiquetas', cell: () => null, className: 'd-none d-sm-table-cell' },
];

/**
 * Orçamentos of a customer: the filter (key customers-estimates; the badge counts q and each status)
 * and the 'Novo orçamento' link (new tab). Estimates are not built yet, so no call is made and the
 * list is empty; the estimates feature plugs its list query in here.
 */
export function CustomerEstimatesTab({ customerId }: { customerId: number }) {
  const [filter, setFilter, reset] = usePersistedFilter('customers-estimates', defaults, { url: false });
  const count = (filter.q ? 1 : 0) + filter.statuses.length;
  return (
    <section aria-label="Orçamentos do cliente">
      <div className="d-flex flex-wrap justify-content-end gap-2 mb-2">
        <FilterPopover value={filter} count={count} onApply={(f) => setFilter({ ...f, skip: 0 })} onClear={reset}>
          {(draft, setDraft) => (
            <>
              <Form.Group className="mb-3" controlId="customer-estimates-q">
                <Form.Label>Pesquisar</Form.Label>
                <Form.Control
                  value={draft.q ?? ''}
                  placeholder="Número, empresa..."
                  onChange={(e) => setDraft({ ...draft, q: e.target.value })}
                />
              </Form.Group>
              <Form.Label as="div">Status</Form.Label>
              {statuses.map((s) => (
                <Form.Check
                  key={s.value}
                  id={`customer-estimates-status-${s.value}`}
                  label={s.label}
                  checked={draft.statuses.includes(s.value)}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      statuses: e.target.checked
                        ? [...draft.statuses, s.value]
                        : draft.statuses.filter((v) => v !== s.value),
                    })
                  }
                />
              ))}
            </>
          )}
        </FilterPopover>
        <a
          className="btn btn-primary"
          href={`/estimates/new?customerId=${customerId}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Novo orçamento
        </a>
      </div>
      <div className="card-list">
        <DataTable columns={columns} rows={[]} rowKey={() => 0} emptyText="Nenhum orçamento encontrado" />
      </div>
    </section>
  );
}
