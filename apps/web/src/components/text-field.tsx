import type { ComponentProps, ReactNode } from 'react';
import { Form } from 'react-bootstrap';

type TextFieldProps = {
  id: string;
  label: ReactNode;
  error: string | undefined;
  /** The group's class: its space below. */
  groupClassName?: string;
  /** Help under the field and its message. */
  children?: ReactNode;
} & Omit<ComponentProps<typeof Form.Control>, 'children'>;

/**
 * A labelled text field (or text area) with its message under it; takes register()'s props. Kept
 * apart from the register forms' zod pieces so the login page can use it without them.
 */
export function TextField({ id, label, error, groupClassName = 'mb-3', children, ...control }: TextFieldProps) {
  return (
    <Form.Group className={groupClassName} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control isInvalid={!!error} {...control} />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      {children}
    </Form.Group>
  );
}
