import { Spinner } from 'react-bootstrap';

/** The one "loading" indicator of a screen: while its code or its data arrives. */
export function PageSpinner() {
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-label="Carregando">
      <Spinner />
    </div>
  );
}
