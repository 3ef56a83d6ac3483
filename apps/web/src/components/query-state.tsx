import type { ReactNode } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { messages } from '@ordem-certa/contracts';
import { ApiError } from '../lib/api-client.ts';
import { useConnectionProblem } from '../lib/connection.tsx';
import { ConnectionNotice } from './connection-notice.tsx';

/**
 * Spinner while a record loads, a plain message when it cannot be loaded, "Sem conexão" with a retry
 * when the server cannot be reached, else the children.
 */
export function QueryState({
  isPending,
  error,
  children,
}: {
  isPending: boolean;
  error: unknown;
  children: ReactNode;
}) {
  const noConnection = useConnectionProblem();
  if ((error instanceof ApiError && error.status === 0) || (isPending && noConnection)) return <ConnectionNotice />;
  if (error) {
    const text = error instanceof ApiError && error.status === 404 ? messages.resourceNotFound : messages.serverError;
    return <Alert variant="warning">{text}</Alert>;
  }
  if (isPending) {
    return (
      <div className="d-flex justify-content-center py-5" role="status" aria-label="Carregando">
        <Spinner />
      </div>
    );
  }
  return <>{children}</>;
}
