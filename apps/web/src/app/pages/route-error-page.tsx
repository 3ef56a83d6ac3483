import { useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnceForMissingChunk } from '../../lib/chunk-reload.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';

/**
 * What any screen shows when it fails to load or to draw, in place of the router's own (English,
 * developer-facing) page. A code file missing after a deploy reloads the page once by itself; when
 * that does not help, or for any other failure, the user can try again or go to the home page.
 * Both load the page anew, so they get the current build.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  // Decided once, on the first render: the reload must not be started twice.
  const [reloading] = useState(() => reloadOnceForMissingChunk(error));
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (reloading) return <PageSpinner />;
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <div className="route-error text-center py-5 px-3">
      <h1 className="h3">{offline ? 'Sem conexão' : 'Algo deu errado'}</h1>
      <p className="text-body-secondary">
        {offline
          ? 'Não foi possível abrir esta tela sem internet. Verifique sua conexão e tente novamente.'
          : isChunkLoadError(error)
            ? 'O sistema foi atualizado e esta tela não pôde ser aberta. Tente novamente.'
            : 'Não foi possível mostrar esta tela. Tente novamente; se continuar, volte ao início.'}
      </p>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Tentar novamente
        </button>
        <a href="/" className="btn btn-outline-secondary">
          Voltar ao início
        </a>
      </div>
    </div>
  );
}
