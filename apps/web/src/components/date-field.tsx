import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateInput } from './date-input.tsx';

interface DateFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  /** The input's id, named by the label. */
  controlId: string;
  error: string | undefined;
  className?: string;
  /** Said under the field (a hint). */
  children?: ReactNode;
}

/** A labelled dd/mm/aaaa field of a form, with the form's message under it. */
export function DateField<T extends FieldValues, O>({
  control,
  name,
  label,
  controlId,
  error,
  className,
  children,
}: DateFieldProps<T, O>) {
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DateInput value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={error} />
        )}
      />
      {children}
    </Form.Group>
  );
}
