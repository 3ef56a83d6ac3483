import { Spinner } from 'react-bootstrap';
import { useConnectionProblem } from '../lib/connection.tsx';
import { ConnectionNotice } from './connection-notice.tsx';

/** The one "loading" indicator of a screen: while its code or its data arrives; offline, "Sem conexão". */
export function PageSpinner() {
  const noConnection = useConnectionProblem();
  if (noConnection) return <ConnectionNotice />;
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-label="Carregando">
      <Spinner />
    </div>
  );
}
