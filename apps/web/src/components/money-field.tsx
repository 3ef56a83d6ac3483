import { Form } from 'react-bootstrap';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { MoneyInput } from './money-input.tsx';

interface MoneyFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  /** The input's id, named by the label. */
  controlId: string;
  error: string | undefined;
  className?: string;
}

/** A labelled amount in reais of a form, with the form's message under it. */
export function MoneyField<T extends FieldValues, O>({
  control,
  name,
  label,
  controlId,
  error,
  className,
}: MoneyFieldProps<T, O>) {
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <MoneyInput
            id={controlId}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={error}
          />
        )}
      />
    </Form.Group>
  );
}
