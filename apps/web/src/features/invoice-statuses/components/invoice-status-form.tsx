import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import {
  editableInvoiceStates,
  invoiceStateLabel,
  invoiceStatusBody,
  messages,
  type InvoiceStatusBody,
} from '@ordem-certa/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';

interface InvoiceStatusFormProps {
  defaultValues?: InvoiceStatusBody;
  onSubmit(values: InvoiceStatusBody): Promise<unknown>;
}

export function InvoiceStatusForm({ defaultValues, onSubmit }: InvoiceStatusFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InvoiceStatusBody>({ resolver: zodResolver(invoiceStatusBody), mode: 'onBlur', defaultValues });
  const submit = handleSubmit(async (values) => {
    await onSubmit(values).catch((err) => applyServerErrors(err, setError, messages.requestFailed));
  });
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <Form.Group className="mb-3" controlId="status-state">
        <Form.Label>Status</Form.Label>
        <Form.Select
          isInvalid={!!errors.state}
          {...register('state', { setValueAs: (v) => (v === '' ? undefined : Number(v)) })}
        >
          <option value="">Selecione o Status</option>
          {editableInvoiceStates.map((s) => (
            <option key={s} value={s}>
              {invoiceStateLabel(s)}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.state?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="status-label">
        <Form.Label>Nome</Form.Label>
        <Form.Control isInvalid={!!errors.label} {...register('label')} />
        <Form.Control.Feedback type="invalid">{errors.label?.message}</Form.Control.Feedback>
      </Form.Group>
      <FormActions cancelTo="/invoice-statuses" isSubmitting={isSubmitting} />
    </Form>
  );
}
