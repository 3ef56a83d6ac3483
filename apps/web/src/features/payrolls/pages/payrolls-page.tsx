import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { payrollMessages, type Payroll } from '@ordem-certa/contracts';
import { formatDateTime, formatIsoDate } from '../../../lib/format.ts';
import { reportedGlobally } from '../../../lib/api-client.ts';
import { ActionButton } from '../../../components/action-button.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable, useListFilter } from '../../../components/paged-table.tsx';
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
  const { filter, onPage, search } = useListFilter('payrolls');
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
        <PagedTable
          columns={columns}
          list={list}
          rowKey={(r) => r.id}
          emptyText="Nenhuma folha gerada"
          onPage={onPage}
          search={search}
        />
      </div>
      <GeneratePayrollModal show={generating} onHide={() => setGenerating(false)} />
      <PendingOrdersModal show={pending} onHide={() => setPending(false)} />
    </>
  );
}
