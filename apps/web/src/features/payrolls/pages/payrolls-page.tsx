import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { payrollMessages, type Payroll } from '@oficina/contracts';
import { formatDateTime, formatIsoDate } from '../../../lib/format.ts';
import { reportedGlobally } from '../../../lib/api-client.ts';
import { baseFilterDefaults, usePersistedFilter } from '../../../lib/use-persisted-filter.ts';
import { ActionButton } from '../../../components/action-button.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { usePayrolls } from '../api/get-payrolls.ts';
import { useRemovePayroll } from '../api/remove-payroll.ts';
import { GeneratePayrollModal } from '../components/generate-payroll-modal.tsx';
import { PendingOrdersModal } from '../components/pending-orders-modal.tsx';

const companyOf = (r: Payroll) => r.companyAlias || r.companyName;

/** Delete, offered while no line is paid; confirmed first. */
function RemovePayrollButton({ payroll }: { payroll: Payroll }) {
  const remove = useRemovePayroll();
  const confirm = useConfirm();
  return (
    <ActionButton
      variant="outline-danger"
      size="sm"
      aria-label={`Remover a folha de ${companyOf(payroll)}`}
      action={async () => {
        if (!(await confirm({ title: 'Remover a folha?' }))) return;
        try {
          await remove.mutateAsync(payroll.id);
          toast.success('Folha removida com sucesso');
        } catch (err) {
          if (!reportedGlobally(err)) toast.error(payrollMessages.removeFailed);
        }
      }}
    >
      <TrashIcon />
    </ActionButton>
  );
}

const columns: Column<Payroll>[] = [
  { header: 'Empresa', cell: (r) => <Link to={`/payrolls/${r.id}`}>{companyOf(r)}</Link> },
  { header: 'Início', cell: (r) => formatIsoDate(r.startDate) },
  { header: 'Fim', cell: (r) => formatIsoDate(r.endDate) },
  { header: 'Gerada em', cell: (r) => formatDateTime(r.createdAt) },
  {
    header: '',
    className: 'col-actions text-end',
    cell: (r) => (r.canRemove ? <RemovePayrollButton payroll={r} /> : null),
  },
];

/** /payrolls 'Folha': latest period first, searchable by company; generate, check pending orders, delete unpaid ones. */
export function PayrollsPage() {
  const [filter, setFilter] = usePersistedFilter('payrolls', baseFilterDefaults);
  const list = usePayrolls(filter);
  const [generating, setGenerating] = useState(false);
  const [pending, setPending] = useState(false);

  return (
    <>
      <PageHeader
        title="Folha"
        actions={
          <>
            <Button variant="outline-secondary" onClick={() => setPending(true)}>
              Verificar pendências
            </Button>
            <Button onClick={() => setGenerating(true)}>Gerar folha</Button>
          </>
        }
      />
      <div className="card-list">
        <div className="mb-2">
          <SearchBox value={filter.q} onChange={(q) => setFilter((f) => ({ ...f, q, skip: 0 }))} />
        </div>
        <DataTable
          columns={columns}
          rows={list.data?.data}
          rowKey={(r) => r.id}
          isLoading={list.isPending}
          emptyText="Nenhuma folha gerada"
        />
        <PaginationBar meta={list.data?.meta} onChange={(p) => setFilter((f) => ({ ...f, ...p }))} />
      </div>
      <GeneratePayrollModal show={generating} onHide={() => setGenerating(false)} />
      <PendingOrdersModal show={pending} onHide={() => setPending(false)} />
    </>
  );
}
