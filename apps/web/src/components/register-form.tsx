import { Form } from 'react-bootstrap';
import {
  useController,
  useForm,
  type Control,
  type DefaultValues,
  type FieldPathByValue,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messages } from '@ordem-certa/contracts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { MoneyInput } from './money-input.tsx';

export { TextField } from './text-field.tsx';

/**
 * A register's form: checked by its body schema on blur and on submit; what the server refuses
 * (422) goes under the fields, anything else is a toast.
 */
export function useRegisterForm<I extends FieldValues, O>(
  schema: z.ZodType<O, I>,
  defaultValues: DefaultValues<I> | undefined,
  onSubmit: (values: O) => Promise<unknown>,
) {
  const form = useForm<I, unknown, O>({ resolver: zodResolver(schema), mode: 'onBlur', defaultValues });
  const submit = form.handleSubmit(async (values) => {
    await onSubmit(values).catch((err) => applyServerErrors(err, form.setError, messages.requestFailed));
  });
  return { ...form, submit };
}

/** A labelled money field (R$) of a form. */
export function MoneyField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  error,
  className = 'mb-3',
}: {
  control: Control<T, unknown, unknown>;
  name: FieldPathByValue<T, number | undefined>;
  id: string;
  label: string;
  error: string | undefined;
  className?: string;
}) {
  const { field } = useController({ control, name });
  return (
    <Form.Group className={className}>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <MoneyInput id={id} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={error} />
    </Form.Group>
  );
}

/**
 * The warranty in days of a catalogue item: digits only, blank for none (null). The lines added to
 * orders and estimates copy it.
 */
export function WarrantyField<T extends FieldValues>({
  form,
  name,
  id,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  name: FieldPathByValue<T, number | null | undefined>;
  id: string;
}) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Garantia (dias)</Form.Label>
      <Form.Control
        inputMode="numeric"
        isInvalid={!!error}
        aria-describedby={`${id}-help`}
        style={{ maxWidth: '10rem' }}
        {...form.register(name, {
          setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
        })}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      <Form.Text id={`${id}-help`}>
        Copiada para as linhas das ordens de serviço; o equipamento fica em garantia a partir da conclusão. Em branco:
        sem garantia.
      </Form.Text>
    </Form.Group>
  );
}
