import { Spinner } from 'react-bootstrap';

/** A block's spinner while what it shows loads, named for screen readers (e.g. 'Carregando endereço'). */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-label={label}>
      <Spinner />
    </div>
  );
}
