import { Form } from 'react-bootstrap';
import { estimateStatusLabels, estimateStatusList } from '@oficina/contracts';
import { FilterPopover } from '../../../components/filter-popover.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useEstimates } from '../../../components/estimates/api/get-estimates.ts';
import { EstimateTable } from '../../../components/estimates/estimate-table.tsx';
import { baseFilterDefaults, usePersistedFilter, type BaseFilter } from '../../../lib/use-persisted-filter.ts';

interface EstimateFilter extends BaseFilter {
  statuses: number[];
}
const defaults: EstimateFilter = { ...baseFilterDefaults, statuses: [] };

/**
 * Orçamentos of a customer: GET estimates?customer={id} with the filter kept under
 * 'customers-estimates' (the badge counts q and each status), real pagination, and 'Novo orçamento',
 * which opens /estimates/new?customerId={id} in a new tab.
 */
export function CustomerEstimatesTab({ customerId }: { customerId: number }) {
  const [filter, setFilter, reset] = usePersistedFilter('customers-estimates', defaults, { url: false });
  const count = (filter.q ? 1 : 0) + filter.statuses.length;
  const list = useEstimates({
    customer: customerId,
    q: filter.q?.trim() || undefined,
    statuses: filter.statuses.length ? filter.statuses : undefined,
    skip: filter.skip,
    take: filter.take,
  });
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
              {estimateStatusList.map((s) => (
                <Form.Check
                  key={s}
                  id={`customer-estimates-status-${s}`}
                  label={estimateStatusLabels[s]}
                  checked={draft.statuses.includes(s)}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      statuses: e.target.checked ? [...draft.statuses, s] : draft.statuses.filter((v) => v !== s),
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
        <EstimateTable
          rows={list.data?.data}
          isLoading={list.isPending}
          hideCustomer
          emptyText="Nenhum orçamento encontrado"
        />
        <PaginationBar meta={list.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
    </section>
  );
}
