import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { messages, transactionNatureBody, type TransactionNatureBody } from '@oficina/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';

interface TransactionNatureFormProps {
  defaultValues?: TransactionNatureBody;
  onSubmit(values: TransactionNatureBody): Promise<unknown>;
}

export function TransactionNatureForm({ defaultValues, onSubmit }: TransactionNatureFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(transactionNatureBody), mode: 'onBlur', defaultValues });
  const submit = handleSubmit(async (values) => {
    await onSubmit(values).catch((err) => applyServerErrors(err, setError, messages.requestFailed));
  });
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <Form.Group className="mb-3" controlId="nature-name">
        <Form.Label>Nome</Form.Label>
        <Form.Control isInvalid={!!errors.name} {...register('name')} />
        <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="nature-description">
        <Form.Label>Descrição</Form.Label>
        <Form.Control as="textarea" rows={3} isInvalid={!!errors.description} {...register('description')} />
        <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
      </Form.Group>
      <FormActions cancelTo="/transaction-natures" isSubmitting={isSubmitting} />
    </Form>
  );
}
