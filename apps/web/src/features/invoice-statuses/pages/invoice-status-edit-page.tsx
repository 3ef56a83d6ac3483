import { Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { isEditableInvoiceState, type InvoiceStatusBody } from '@oficina/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useCreateInvoiceStatus } from '../api/create-invoice-status.ts';
import { useInvoiceStatus } from '../api/get-invoice-status.ts';
import { useUpdateInvoiceStatus } from '../api/update-invoice-status.ts';
import { InvoiceStatusForm } from '../components/invoice-status-form.tsx';

export function InvoiceStatusNewPage() {
  const navigate = useNavigate();
  const create = useCreateInvoiceStatus();
  const onSubmit = async (values: InvoiceStatusBody) => {
    await create.mutateAsync(values);
    toast.success('Situação de OS cadastrada com sucesso');
    navigate('/invoice-statuses');
  };
  return (
    <>
      <PageHeader title="Nova Situação de OS" />
      <InvoiceStatusForm onSubmit={onSubmit} />
    </>
  );
}

export function InvoiceStatusEditPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const status = useInvoiceStatus(id);
  const update = useUpdateInvoiceStatus(id);
  const onSubmit = async (values: InvoiceStatusBody) => {
    await update.mutateAsync(values);
    toast.success('Situação de OS alterada com sucesso');
    navigate('/invoice-statuses');
  };
  // A fixed status (Draft, Todo, Wip, Completed) is not editable: back to the list.
  if (status.data && !isEditableInvoiceState(status.data.state)) return <Navigate to="/invoice-statuses" replace />;
  return (
    <>
      <PageHeader title="Editar Situação de OS" />
      <QueryState isPending={status.isPending} error={status.error}>
        {status.data && (
          <InvoiceStatusForm
            key={status.data.id}
            defaultValues={{ state: status.data.state as InvoiceStatusBody['state'], label: status.data.label }}
            onSubmit={onSubmit}
          />
        )}
      </QueryState>
    </>
  );
}
