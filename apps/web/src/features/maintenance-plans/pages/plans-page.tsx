import { Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatIdentifier, frequencyLabels, type MaintenancePlanListItem } from '@ordem-certa/contracts';
import { formatIsoDate } from '../../../lib/format.ts';
import type { Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { listControls, PagedTable } from '../../../components/paged-table.tsx';
import { baseFilterDefaults, usePersistedFilter, type BaseFilter } from '../../../lib/use-persisted-filter.ts';
import { usePlans } from '../api/get-plans.ts';

interface PlansFilter extends BaseFilter {
  ended: boolean;
}
const defaults: PlansFilter = { ...baseFilterDefaults, ended: false };

const columns = (ended: boolean): Column<MaintenancePlanListItem>[] => [
  { header: 'Nº', cell: (p) => <Link to={`/maintenance-plans/${p.id}`}>{p.id}</Link>, className: 'col-id' },
  {
    header: 'Cliente',
    cell: (p) => (
      <>
        <Link to={`/maintenance-plans/${p.id}`}>{p.customerName}</Link>
        <div className="small text-body-secondary">{formatIdentifier(p.customerIdentifier, p.customerType)}</div>
      </>
    ),
  },
  // On a phone: the customer, how often and the next visit.
  { header: 'Empresa', cell: (p) => p.companyName, className: 'd-none d-md-table-cell' },
  { header: 'Periodicidade', cell: (p) => frequencyLabels[p.frequency] },
  { header: 'Equipamentos', cell: (p) => p.equipmentsCount, className: 'text-end d-none d-md-table-cell' },
  ended
    ? { header: 'Encerrado em', cell: (p) => formatIsoDate(p.endedAt), className: 'text-nowrap' }
    : { header: 'Próxima manutenção', cell: (p) => formatIsoDate(p.nextDate), className: 'text-nowrap' },
];

/**
 * /maintenance-plans 'Planos de manutenção (PMOC)': the live plans by their next visit (or the ended
 * ones), searched by customer, company or the plan's number, a page at a time.
 */
export function PlansPage() {
  const [filter, setFilter] = usePersistedFilter('maintenance-plans', defaults);
  const { onPage, search } = listControls(filter, setFilter);
  const list = usePlans({
    q: filter.q,
    skip: filter.skip,
    take: filter.take,
    ...(filter.ended ? { ended: true } : {}),
  });
  return (
    <>
      <PageHeader
        title="Planos de manutenção (PMOC)"
        actions={
          <Link to="/maintenance-plans/new" className="btn btn-primary">
            Novo plano
          </Link>
        }
      />
      <Form.Check
        type="switch"
        id="plans-ended"
        className="mb-2"
        label="Mostrar os encerrados"
        checked={filter.ended}
        onChange={(e) => setFilter((f) => ({ ...f, ended: e.target.checked, skip: 0 }))}
      />
      <div className="card-list">
        <PagedTable
          columns={columns(filter.ended)}
          list={list}
          rowKey={(p) => p.id}
          emptyText={filter.ended ? 'Nenhum plano encerrado' : 'Nenhum plano de manutenção'}
          onPage={onPage}
          search={search}
        />
      </div>
    </>
  );
}
