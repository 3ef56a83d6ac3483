import { Link } from 'react-router';
import { isEditableInvoiceState, type InvoiceStatus } from '@ordem-certa/contracts';
import { useInvoiceStatuses } from '../api/get-invoice-statuses.ts';
import { StateBadge } from '../components/state-badge.tsx';
import { registerListPage } from '../../../components/register-list-page.tsx';

export const InvoiceStatusesPage = registerListPage<InvoiceStatus>({
  title: 'Situações de OS',
  path: '/invoice-statuses',
  useList: useInvoiceStatuses,
  intro: (
    <p className="text-body-secondary small">
      As situações Rascunho, Não Iniciado, Em Andamento e Concluído são fixas. Cadastre aqui os motivos de bloqueio e de
      cancelamento das ordens de serviço.
    </p>
  ),
  columns: [
    { header: '#', cell: (s) => s.id, className: 'col-id' },
    {
      header: 'Nome',
      // Only Blocked and Canceled statuses can be edited.
      cell: (s) =>
        isEditableInvoiceState(s.state) ? <Link to={`/invoice-statuses/${s.id}/edit`}>{s.label}</Link> : s.label,
    },
    { header: 'Status', cell: (s) => <StateBadge state={s.state} /> },
  ],
});
