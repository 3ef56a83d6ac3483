import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { DateInput } from './date-input.tsx';

interface DateFieldProps<T extends FieldValues, O> {
  form: UseFormReturn<T, unknown, O>;
  name: Path<T>;
  label: string;
  /** The input's id, named by the label. */
  id: string;
  className?: string;
  /** Said under the field (a hint). */
  children?: ReactNode;
}

/** A labelled dd/mm/aaaa field of a form, with the form's message under it. */
export function DateField<T extends FieldValues, O>({
  form,
  name,
  label,
  id,
  className,
  children,
}: DateFieldProps<T, O>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <DateInput value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={error} />
        )}
      />
      {children}
    </Form.Group>
  );
}
