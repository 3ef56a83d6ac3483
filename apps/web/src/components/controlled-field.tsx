import type { ReactElement, ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { Controller, type Control, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';

interface ControlledFieldProps<T extends FieldValues, N extends Path<T>, O> {
  control: Control<T, unknown, O>;
  name: N;
  label: string;
  /** The id of the input the label names; without one the label is plain text over a widget. */
  htmlFor?: string;
  error: string | undefined;
  /** The widget (an editor, a picker, a searched select) bound to the form's field. */
  render(field: ControllerRenderProps<T, N>): ReactElement;
  /** Under the widget and its message (an action that goes with the field). */
  children?: ReactNode;
}

/** A labelled field drawn by a widget of its own rather than an input, with the form's message under it. */
export function ControlledField<T extends FieldValues, N extends Path<T>, O>({
  control,
  name,
  label,
  htmlFor,
  error,
  render,
  children,
}: ControlledFieldProps<T, N, O>) {
  return (
    <Form.Group className="mb-3">
      {htmlFor ? <Form.Label htmlFor={htmlFor}>{label}</Form.Label> : <Form.Label as="div">{label}</Form.Label>}
      <Controller control={control} name={name} render={({ field }) => render(field)} />
      {error && <div className="invalid-feedback d-block">{error}</div>}
      {children}
    </Form.Group>
  );
}
