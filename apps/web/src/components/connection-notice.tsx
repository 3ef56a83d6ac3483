import { useContext, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { QueryClientContext } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { NO_CONNECTION, useConnectionProblem } from '../lib/connection.tsx';

/**
 * "Sem conexão" where a list or a screen would otherwise keep loading, with 'Tentar novamente':
 * it asks again for what is on screen (the queries in use), and the notice goes away with the
 * first answer from the server.
 */
export function ConnectionNotice({ compact = false }: { compact?: boolean }) {
  const queryClient = useContext(QueryClientContext);
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    if (!queryClient) return window.location.reload();
    setRetrying(true);
    try {
      await queryClient.refetchQueries({ type: 'active' });
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div
      className={`connection-notice text-center ${compact ? 'py-2' : 'py-5'}`}
      role="alert"
      aria-label={NO_CONNECTION}
    >
      <div className="fw-semibold">{NO_CONNECTION}</div>
      <p className="text-body-secondary small mb-2">Não foi possível falar com o servidor. Verifique sua internet.</p>
      <Button size="sm" variant="outline-primary" onClick={retry} disabled={retrying}>
        {retrying && <Spinner size="sm" className="me-2" aria-hidden />}
        Tentar novamente
      </Button>
    </div>
  );
}

/**
 * Whether a query that feeds part of a screen (a tab, a card, a list inside a section) stands for
 * "no connection": its request reached no server, or it is still waiting while the app is offline.
 */
export function useNoConnection(query: { isPending: boolean; error: unknown }) {
  const noConnection = useConnectionProblem();
  return (query.error instanceof ApiError && query.error.status === 0) || (query.isPending && noConnection);
}
