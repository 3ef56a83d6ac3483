import { Link } from 'react-router';
import { isEditableInvoiceState, type InvoiceStatus } from '@oficina/contracts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { baseFilterDefaults, usePersistedFilter } from '../../../lib/use-persisted-filter.ts';
import { useInvoiceStatuses } from '../api/get-invoice-statuses.ts';
import { StateBadge } from '../components/state-badge.tsx';

const columns: Column<InvoiceStatus>[] = [
  { header: '#', cell: (s) => s.id, className: 'col-id' },
  {
    header: 'Nome',
    // Only Blocked and Canceled statuses can be edited.
    cell: (s) =>
      isEditableInvoiceState(s.state) ? <Link to={`/invoice-statuses/${s.id}/edit`}>{s.label}</Link> : s.label,
  },
  { header: 'Status', cell: (s) => <StateBadge state={s.state} /> },
];

export function InvoiceStatusesPage() {
  const [filter, setFilter] = usePersistedFilter('invoice-statuses', baseFilterDefaults);
  const statuses = useInvoiceStatuses(filter);
  return (
    <>
      <PageHeader
        title="Situações de OS"
        actions={
          <Link to="/invoice-statuses/new" className="btn btn-primary">
            Novo
          </Link>
        }
      />
      <p className="text-body-secondary small">
        As situações Rascunho, Não Iniciado, Em Andamento e Concluído são fixas. Cadastre aqui os motivos de bloqueio e
        de cancelamento das ordens de serviço.
      </p>
      <div className="card-list">
        <DataTable columns={columns} rows={statuses.data?.data} rowKey={(s) => s.id} isLoading={statuses.isPending} />
        <PaginationBar meta={statuses.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
    </>
  );
}
