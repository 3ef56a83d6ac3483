import { Link, useSearchParams } from 'react-router';
import { DEFAULT_TAKE } from '@ordem-certa/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useEstimates } from '../../../components/estimates/api/get-estimates.ts';
import { EstimateFilterPopover, type EstimateListFilter } from '../../../components/estimates/estimate-filter.tsx';
import { EstimateTable } from '../../../components/estimates/estimate-table.tsx';

const int = (v: string | null, fallback: number) => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n >= 0 ? n : fallback;
};

/**
 * The filter and page live in the URL (?q=&customer=&customerName=&statuses=1&statuses=10&skip=&take=),
 * so a filtered page can be bookmarked, shared or reopened with Back.
 */
function useUrlFilter() {
  const [params, setParams] = useSearchParams();
  const customer = int(params.get('customer'), 0);
  const filter: EstimateListFilter = {
    q: params.get('q') ?? '',
    customer: customer ? { value: customer, label: params.get('customerName') ?? `#${customer}` } : null,
    statuses: params.getAll('statuses').map(Number).filter(Number.isInteger),
  };
  const paging = { skip: int(params.get('skip'), 0), take: int(params.get('take'), DEFAULT_TAKE) || DEFAULT_TAKE };
  const write = (f: EstimateListFilter, p: { skip: number; take: number }) => {
    const next = new URLSearchParams();
    if (f.q) next.set('q', f.q);
    if (f.customer) {
      next.set('customer', String(f.customer.value));
      next.set('customerName', f.customer.label);
    }
    for (const s of f.statuses) next.append('statuses', String(s));
    if (p.skip) next.set('skip', String(p.skip));
    if (p.take !== DEFAULT_TAKE) next.set('take', String(p.take));
    setParams(next);
  };
  return { filter, paging, write };
}

/** /estimates 'Orçamentos' (admin, 'estimates' feature): filter, real pagination, 'Novo'. */
export function EstimatesPage() {
  const { filter, paging, write } = useUrlFilter();
  const list = useEstimates({
    q: filter.q || undefined,
    customer: filter.customer?.value,
    statuses: filter.statuses.length ? filter.statuses : undefined,
    ...paging,
  });
  return (
    <>
      <PageHeader
        title="Orçamentos"
        actions={
          <>
            <EstimateFilterPopover
              idPrefix="estimates-filter"
              value={filter}
              onApply={(f) => write(f, { skip: 0, take: paging.take })}
              onClear={() => write({ q: '', customer: null, statuses: [] }, { skip: 0, take: DEFAULT_TAKE })}
              showCustomer
            />
            <Link to="/estimates/new" className="btn btn-primary">
              Novo
            </Link>
          </>
        }
      />
      <div className="card-list">
        <EstimateTable rows={list.data?.data} isLoading={list.isPending} />
        <PaginationBar meta={list.data?.meta} onChange={(p) => write(filter, p)} />
      </div>
    </>
  );
}
