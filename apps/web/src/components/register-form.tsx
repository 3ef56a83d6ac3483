import { Form } from 'react-bootstrap';
import {
  useController,
  useForm,
  type Control,
  type DefaultValues,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messages } from '@oficina/contracts';
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
}: {
  control: Control<T, unknown, unknown>;
  name: FieldPathByValue<T, number | undefined>;
  id: string;
  label: string;
  error: string | undefined;
}) {
  const { field } = useController({ control, name });
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <MoneyInput id={id} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={error} />
    </Form.Group>
  );
}
