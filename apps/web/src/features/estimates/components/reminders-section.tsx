import { useState } from 'react';
import { Badge, Button, Card, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { estimateMessages, type EstimateReminder, type Reminder } from '@ordem-certa/contracts';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { fromWallTime, toWallTime } from '../../../lib/time-zone.ts';
import { DateTimeInput } from '../../../components/date-input.tsx';
import { useActiveReminders, useAddReminder, useEstimateReminders, useMoveReminder } from '../api/reminders.ts';
import { SectionCard } from '../../../components/section-card.tsx';

/**
 * One card per active reminder kind (and per scheduled one whose kind was since deactivated): its date
 * and time (required), saved with POST the first time and moved with PATCH after. When the time comes
 * the admins get a notification.
 */
export function RemindersSection({ estimateId }: { estimateId: number }) {
  const kinds = useActiveReminders();
  const scheduled = useEstimateReminders(estimateId);
  const active = kinds.data?.data ?? [];
  const list = scheduled.data?.data ?? [];
  const cards: Array<{ kind: Pick<Reminder, 'id' | 'description' | 'isRequired'>; current?: EstimateReminder }> = [
    ...active.map((k) => ({ kind: k, current: list.find((r) => r.reminderId === k.id) })),
    ...list
      .filter((r) => !active.some((k) => k.id === r.reminderId))
      .map((r) => ({ kind: { id: r.reminderId, description: r.description, isRequired: r.isRequired }, current: r })),
  ];
  return (
    <SectionCard title="Lembretes">
      {cards.length === 0 && <p className="text-body-secondary mb-0">Nenhum lembrete ativo cadastrado.</p>}
      <div className="d-grid gap-2">
        {cards.map((c) => (
          <ReminderCard
            key={`${c.kind.id}-${c.current?.reminderAt ?? ''}`}
            estimateId={estimateId}
            kind={c.kind}
            current={c.current}
          />
        ))}
      </div>
    </SectionCard>
  );
}

function ReminderCard(props: {
  estimateId: number;
  kind: Pick<Reminder, 'id' | 'description' | 'isRequired'>;
  current?: EstimateReminder;
}) {
  const { estimateId, kind, current } = props;
  const add = useAddReminder(estimateId);
  const move = useMoveReminder(estimateId);
  const [value, setValue] = useState(current ? toWallTime(current.reminderAt) : '');
  const [error, setError] = useState<string | null>(null);
  const id = `estimate-reminder-${kind.id}`;
  const save = async () => {
    setError(null);
    if (!value) return setError(estimateMessages.reminderAtRequired);
    // The date and time typed are the organization's; a half-typed or impossible one is refused here,
    // before it could be sent.
    const reminderAt = fromWallTime(value);
    if (!reminderAt) return setError('Informe uma data e hora válidas');
    try {
      if (current) await move.mutateAsync({ id: current.id, reminderAt });
      else await add.mutateAsync({ reminder: kind.id, reminderAt });
      toast.success(estimateMessages.reminderSaved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        setError(
          Object.values(err.fieldErrors ?? {})
            .flat()
            .join('. '),
        );
      else toastApiError(err, estimateMessages.statusFailed);
    }
  };
  return (
    <Card body className="reminder-card">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <strong>{kind.description}</strong>
        {kind.isRequired && (
          <Badge bg="warning" text="dark">
            Obrigatório
          </Badge>
        )}
        {current?.processedAt && <Badge bg="secondary">Notificado</Badge>}
      </div>
      {current && (
        <div className="small text-body-secondary mb-2">Agendado para {formatDateTime(current.reminderAt)}</div>
      )}
      <Form
        noValidate
        className="d-flex flex-wrap gap-2 align-items-start"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="flex-grow-1">
          <Form.Label htmlFor={id} className="visually-hidden">
            Data do lembrete {kind.description}
          </Form.Label>
          <DateTimeInput id={id} value={value} onChange={setValue} error={error ?? undefined} />
        </div>
        <Button type="submit" variant="outline-primary" disabled={add.isPending || move.isPending}>
          {current ? 'Alterar data' : 'Agendar'}
        </Button>
      </Form>
    </Card>
  );
}
