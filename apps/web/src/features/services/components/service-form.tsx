import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { messages, serviceBody, type ServiceBody } from '@oficina/contracts';
import { FormActions } from '../../../components/form-actions.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';

interface ServiceFormProps {
  defaultValues?: ServiceBody;
  onSubmit(values: ServiceBody): Promise<unknown>;
}

export function ServiceForm({ defaultValues, onSubmit }: ServiceFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ServiceBody>({ resolver: zodResolver(serviceBody), mode: 'onBlur', defaultValues });
  const submit = handleSubmit(async (values) => {
    await onSubmit(values).catch((err) => applyServerErrors(err, setError, messages.requestFailed));
  });
  return (
    <Form noValidate onSubmit={submit} className="form-narrow">
      <Form.Group className="mb-3" controlId="service-name">
        <Form.Label>Nome</Form.Label>
        <Form.Control isInvalid={!!errors.name} {...register('name')} />
        <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3">
        <Form.Label htmlFor="service-price">Preço</Form.Label>
        <Controller
          control={control}
          name="price"
          render={({ field }) => (
            <MoneyInput
              id="service-price"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.price?.message}
            />
          )}
        />
      </Form.Group>
      <FormActions cancelTo="/services" isSubmitting={isSubmitting} />
    </Form>
  );
}
