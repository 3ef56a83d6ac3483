import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import type { ReminderBody } from '@oficina/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useCreateReminder } from '../api/create-reminder.ts';
import { useReminder } from '../api/get-reminder.ts';
import { useUpdateReminder } from '../api/update-reminder.ts';
import { ReminderForm } from '../components/reminder-form.tsx';

export function ReminderNewPage() {
  const navigate = useNavigate();
  const create = useCreateReminder();
  const onSubmit = async (values: ReminderBody) => {
    await create.mutateAsync(values);
    toast.success('Lembrete cadastrado com sucesso');
    navigate('/reminders');
  };
  return (
    <>
      <PageHeader title="Novo Lembrete" />
      <ReminderForm onSubmit={onSubmit} />
    </>
  );
}

export function ReminderEditPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const reminder = useReminder(id);
  const update = useUpdateReminder(id);
  const onSubmit = async (values: ReminderBody) => {
    await update.mutateAsync(values);
    toast.success('Lembrete alterado com sucesso');
    navigate('/reminders');
  };
  return (
    <>
      <PageHeader title={`Editar Lembrete ${id}`} />
      <QueryState isPending={reminder.isPending} error={reminder.error}>
        {reminder.data && <ReminderForm key={reminder.data.id} defaultValues={reminder.data} onSubmit={onSubmit} />}
      </QueryState>
    </>
  );
}
