import { PageHeader } from '../../../components/page-header.tsx';
import { RegisterEditPage, useRecordId, useSaveAndReturn } from '../../../components/register-edit-page.tsx';
import { useCreateReminder } from '../api/create-reminder.ts';
import { useReminder } from '../api/get-reminder.ts';
import { useUpdateReminder } from '../api/update-reminder.ts';
import { ReminderForm } from '../components/reminder-form.tsx';

export function ReminderNewPage() {
  const create = useCreateReminder();
  const onSubmit = useSaveAndReturn(create.mutateAsync, 'Lembrete cadastrado com sucesso', '/reminders');
  return (
    <>
      <PageHeader title="Novo Lembrete" />
      <ReminderForm onSubmit={onSubmit} />
    </>
  );
}

export function ReminderEditPage() {
  const id = useRecordId();
  const update = useUpdateReminder(id);
  const onSubmit = useSaveAndReturn(update.mutateAsync, 'Lembrete alterado com sucesso', '/reminders');
  return (
    <RegisterEditPage id={id} record={useReminder(id)} what="o lembrete" title={`Editar Lembrete ${id}`}>
      {(reminder) => <ReminderForm key={reminder.id} defaultValues={reminder} onSubmit={onSubmit} />}
    </RegisterEditPage>
  );
}
