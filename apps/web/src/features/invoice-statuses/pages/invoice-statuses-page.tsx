import { Link } from 'react-router';
import { isEditableInvoiceState, type InvoiceStatus } from '@oficina/contracts';
import type { Column } from '../../../components/data-table.tsx';
import { useInvoiceStatuses } from '../api/get-invoice-statuses.ts';
import { StateBadge } from '../components/state-badge.tsx';
import { RegisterListPage, useRegisterFilter } from '../../../components/register-list-page.tsx';

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
  const { filter, onPage } = useRegisterFilter('invoice-statuses');
  return (
    <RegisterListPage
      title="Situações de OS"
      newTo="/invoice-statuses/new"
      intro={
        <p className="text-body-secondary small">
          As situações Rascunho, Não Iniciado, Em Andamento e Concluído são fixas. Cadastre aqui os motivos de bloqueio
          e de cancelamento das ordens de serviço.
        </p>
      }
      columns={columns}
      list={useInvoiceStatuses(filter)}
      rowKey={(s) => s.id}
      onPage={onPage}
    />
  );
}
