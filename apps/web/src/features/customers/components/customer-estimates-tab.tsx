import { Form } from 'react-bootstrap';
import { FilterPopover } from '../../../components/filter-popover.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useEstimates } from '../../../components/estimates/api/get-estimates.ts';
import { EstimateTable } from '../../../components/estimates/estimate-table.tsx';
import { estimateStatusOptions } from '../../../components/estimates/estimate-filter.tsx';
import { ChecksField, SearchField } from '../../../components/record-list/filter-fields.tsx';
import { baseFilterDefaults, usePersistedFilter, type BaseFilter } from '../../../lib/use-persisted-filter.ts';

interface EstimateFilter extends BaseFilter {
  statuses: number[];
}
const defaults: EstimateFilter = { ...baseFilterDefaults, statuses: [] };

/**
 * Orçamentos of a customer: GET estimates?customer={id} with the filter kept under
 * 'customers-estimates' (the badge counts q and each status), real pagination, and 'Novo orçamento',
 * which opens /estimates/new?customerId={id} in a new tab (not for an anonymized customer).
 */
export function CustomerEstimatesTab({ customerId, canAdd = true }: { customerId: number; canAdd?: boolean }) {
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
              <SearchField
                id="customer-estimates-q"
                placeholder="Número, empresa..."
                value={draft.q}
                onChange={(q) => setDraft({ ...draft, q })}
              />
              <Form.Label as="div">Status</Form.Label>
              <ChecksField
                idPrefix="customer-estimates-status"
                options={estimateStatusOptions}
                value={draft.statuses}
                onChange={(statuses) => setDraft({ ...draft, statuses })}
              />
            </>
          )}
        </FilterPopover>
        {canAdd && (
          <a
            className="btn btn-primary"
            href={`/estimates/new?customerId=${customerId}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Novo orçamento
          </a>
        )}
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
