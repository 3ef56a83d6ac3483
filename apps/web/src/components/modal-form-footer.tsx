import { Button, Spinner } from 'react-bootstrap';

/** A form modal's footer: 'Cancelar' closes it, the submit button (busy while it saves) sends the form by its id. */
export function ModalFormFooter({
  formId,
  onCancel,
  isSubmitting,
  label,
}: {
  formId: string;
  onCancel(): void;
  isSubmitting: boolean;
  label: string;
}) {
  return (
    <>
      <Button variant="outline-secondary" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" form={formId} disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
        {label}
      </Button>
    </>
  );
}
