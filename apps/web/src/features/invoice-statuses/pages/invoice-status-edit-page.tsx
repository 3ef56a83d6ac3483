import { Navigate } from 'react-router';
import { isEditableInvoiceState, type InvoiceStatusBody } from '@ordem-certa/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { RegisterEditPage, useRecordId, useSaveAndReturn } from '../../../components/register-edit-page.tsx';
import { useCreateInvoiceStatus } from '../api/create-invoice-status.ts';
import { useInvoiceStatus } from '../api/get-invoice-status.ts';
import { useUpdateInvoiceStatus } from '../api/update-invoice-status.ts';
import { InvoiceStatusForm } from '../components/invoice-status-form.tsx';

export function InvoiceStatusNewPage() {
  const create = useCreateInvoiceStatus();
  const onSubmit = useSaveAndReturn(create.mutateAsync, 'Situação de OS cadastrada com sucesso', '/invoice-statuses');
  return (
    <>
      <PageHeader title="Nova Situação de OS" />
      <InvoiceStatusForm onSubmit={onSubmit} />
    </>
  );
}

export function InvoiceStatusEditPage() {
  const id = useRecordId();
  const status = useInvoiceStatus(id);
  const update = useUpdateInvoiceStatus(id);
  const onSubmit = useSaveAndReturn(update.mutateAsync, 'Situação de OS alterada com sucesso', '/invoice-statuses');
  // A fixed status (Draft, Todo, Wip, Completed) is not editable: back to the list.
  if (status.data && !isEditableInvoiceState(status.data.state)) return <Navigate to="/invoice-statuses" replace />;
  return (
    <RegisterEditPage id={id} record={status} what="a situação de OS" title="Editar Situação de OS">
      {(s) => (
        <InvoiceStatusForm
          key={s.id}
          defaultValues={{ state: s.state as InvoiceStatusBody['state'], label: s.label }}
          onSubmit={onSubmit}
        />
      )}
    </RegisterEditPage>
  );
}
