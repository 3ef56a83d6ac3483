import { Link } from 'react-router';
import type { TransactionNature } from '@ordem-certa/contracts';
import { useTransactionNatures } from '../api/get-transaction-natures.ts';
import { registerListPage } from '../../../components/register-list-page.tsx';

export const TransactionNaturesPage = registerListPage<TransactionNature>({
  title: 'Naturezas da Operação',
  path: '/transaction-natures',
  useList: useTransactionNatures,
  columns: [
    { header: '#', cell: (n) => n.id, className: 'col-id' },
    { header: 'Nome', cell: (n) => <Link to={`/transaction-natures/${n.id}/edit`}>{n.name}</Link> },
    { header: 'Descrição', cell: (n) => n.description, className: 'text-body-secondary' },
  ],
});
