import { Link } from 'react-router';
import type { TransactionNature } from '@oficina/contracts';
import { useTransactionNatures } from '../api/get-transaction-natures.ts';
import type { Column } from '../../../components/data-table.tsx';
import { RegisterListPage, useRegisterFilter } from '../../../components/register-list-page.tsx';

const columns: Column<TransactionNature>[] = [
  { header: '#', cell: (n) => n.id, className: 'col-id' },
  { header: 'Nome', cell: (n) => <Link to={`/transaction-natures/${n.id}/edit`}>{n.name}</Link> },
  { header: 'Descrição', cell: (n) => n.description, className: 'text-body-secondary' },
];

export function TransactionNaturesPage() {
  const { filter, onPage } = useRegisterFilter('transaction-natures');
  return (
    <RegisterListPage
      title="Naturezas da Operação"
      newTo="/transaction-natures/new"
      columns={columns}
      list={useTransactionNatures(filter)}
      rowKey={(n) => n.id}
      onPage={onPage}
    />
  );
}
