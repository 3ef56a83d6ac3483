import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ListResult } from '@ordem-certa/contracts';
import { Spinner } from 'react-bootstrap';

/** A titled part of a portal page: its rows as cards, a line when there are none, a spinner meanwhile. */
export function ListSection<T>({
  title,
  query,
  empty,
  children,
}: {
  title: string;
  query: UseQueryResult<ListResult<T>>;
  empty: string;
  children: (row: T) => ReactNode;
}) {
  return (
    <section className="mb-4">
      <h2 className="h5">{title}</h2>
      {query.isPending ? (
        <Spinner size="sm" role="status" aria-label="Carregando" />
      ) : query.isError ? (
        <p className="text-danger">Não foi possível carregar. Tente novamente.</p>
      ) : query.data.data.length === 0 ? (
        <p className="text-body-secondary">{empty}</p>
      ) : (
        query.data.data.map(children)
      )}
    </section>
  );
}
