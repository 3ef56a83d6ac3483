import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { messages, reminderBody, type ReminderBody } from '@ordem-certa/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';

interface ReminderFormProps {
  defaultValues?: ReminderBody;
  onSubmit(values: ReminderBody): Promise<unknown>;
}

export function ReminderForm({
  defaultValues = { description: '', isRequired: false, isActive: true },
  onSubmit,
}: ReminderFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(reminderBody), mode: 'onBlur', defaultValues });
  const submit = handleSubmit(async (values) => {
    await onSubmit(values).catch((err) => applyServerErrors(err, setError, messages.requestFailed));
  });
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <Form.Group className="mb-3" controlId="reminder-description">
        <Form.Label>Descrição</Form.Label>
        <Form.Control isInvalid={!!errors.description} {...register('description')} />
        <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Check
        type="switch"
        id="reminder-required"
        className="mb-2"
        label="Obrigatório"
        {...register('isRequired')}
      />
      <Form.Check type="switch" id="reminder-active" className="mb-2" label="Ativo" {...register('isActive')} />
      <FormActions cancelTo="/reminders" isSubmitting={isSubmitting} />
    </Form>
  );
}
