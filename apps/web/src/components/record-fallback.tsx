import { Alert } from 'react-bootstrap';
import { ApiError } from '../lib/api-client.ts';
import { ConnectionNotice } from './connection-notice.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PageSpinner } from './page-spinner.tsx';

/**
 * What a record's screen shows until it has the record: the spinner while it loads ("Sem conexão"
 * instead while the server cannot be reached), the not-found page when the API answers 404, "Sem
 * conexão" with a retry when the request never reached the server, else "Não foi possível carregar
 * <what>. Tente novamente."
 */
export function RecordFallback({ isPending, error, what }: { isPending: boolean; error: unknown; what: string }) {
  if (isPending) return <PageSpinner />;
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (error instanceof ApiError && error.status === 0) return <ConnectionNotice />;
  return <Alert variant="danger">Não foi possível carregar {what}. Tente novamente.</Alert>;
}
