import { Button, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';

/** 'Salvar' (busy while the form submits) and a 'Cancelar' link back to the list. */
export function FormActions({ cancelTo, isSubmitting }: { cancelTo?: string; isSubmitting: boolean }) {
  return (
    <div className="d-flex gap-2 mt-4">
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
        Salvar
      </Button>
      {cancelTo && (
        <Link to={cancelTo} className="btn btn-outline-secondary">
          Cancelar
        </Link>
      )}
    </div>
  );
}
