import { Button, Spinner, type ButtonProps } from 'react-bootstrap';

/** A form modal's footer: 'Cancelar' closes it, the submit button (busy while it saves) sends the form by its id. */
export function ModalFormFooter({
  formId,
  onCancel,
  isSubmitting,
  label,
  disabled = false,
  variant,
}: {
  formId: string;
  onCancel(): void;
  isSubmitting: boolean;
  label: string;
  /** Also off while, say, the record to edit is still loading. */
  disabled?: boolean;
  /** The submit button's colour (the theme's primary unless given). */
  variant?: ButtonProps['variant'];
}) {
  return (
    <>
      <Button variant="outline-secondary" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" form={formId} variant={variant} disabled={isSubmitting || disabled}>
        {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
        {label}
      </Button>
    </>
  );
}
