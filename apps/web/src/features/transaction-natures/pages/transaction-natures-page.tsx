import { Link } from 'react-router';
import type { TransactionNature } from '@oficina/contracts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { baseFilterDefaults, usePersistedFilter } from '../../../lib/use-persisted-filter.ts';
import { useTransactionNatures } from '../api/get-transaction-natures.ts';

const columns: Column<TransactionNature>[] = [
  { header: '#', cell: (n) => n.id, className: 'col-id' },
  { header: 'Nome', cell: (n) => <Link to={`/transaction-natures/${n.id}/edit`}>{n.name}</Link> },
  { header: 'Descrição', cell: (n) => n.description, className: 'text-body-secondary' },
];

export function TransactionNaturesPage() {
  const [filter, setFilter] = usePersistedFilter('transaction-natures', baseFilterDefaults);
  const natures = useTransactionNatures(filter);
  return (
    <>
      <PageHeader
        title="Naturezas da Operação"
        actions={
          <Link to="/transaction-natures/new" className="btn btn-primary">
            Novo
          </Link>
        }
      />
      <div className="card-list">
        <DataTable columns={columns} rows={natures.data?.data} rowKey={(n) => n.id} isLoading={natures.isPending} />
        <PaginationBar meta={natures.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
    </>
  );
}
