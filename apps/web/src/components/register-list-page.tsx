import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListMeta } from '@oficina/contracts';
import { baseFilterDefaults, usePersistedFilter } from '../lib/use-persisted-filter.ts';
import { DataTable, type Column } from './data-table.tsx';
import { PageHeader } from './page-header.tsx';
import { PaginationBar } from './pagination-bar.tsx';
import { SearchBox } from './search-box.tsx';

interface Page {
  skip: number;
  take: number;
}

interface RegisterListPageProps<T> {
  title: string;
  /** The 'Novo' button's address. */
  newTo: string;
  /** Header buttons before 'Novo' (a filter). */
  actions?: ReactNode;
  /** A line of help between the title and the list. */
  intro?: ReactNode;
  columns: Column<T>[];
  list: { isPending: boolean; data?: { data: T[]; meta: ListMeta } };
  rowKey(row: T): number;
  emptyText?: string;
  onPage(page: Page): void;
  /** The search box over the table, when the list has one. */
  search?: { value: string | undefined; onChange(q: string): void };
}

/** A register's list screen: the title with 'Novo', the search box when there is one, the table and its pages. */
export function RegisterListPage<T>(props: RegisterListPageProps<T>) {
  const { title, newTo, actions, intro, columns, list, rowKey, emptyText, onPage, search } = props;
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            {actions}
            <Link to={newTo} className="btn btn-primary">
              Novo
            </Link>
          </>
        }
      />
      {intro}
      <div className="card-list">
        {search && (
          <div className="list-toolbar mb-3">
            <SearchBox value={search.value} onChange={search.onChange} />
          </div>
        )}
        <DataTable
          columns={columns}
          rows={list.data?.data}
          rowKey={rowKey}
          isLoading={list.isPending}
          emptyText={emptyText}
        />
        <PaginationBar meta={list.data?.meta} onChange={onPage} />
      </div>
    </>
  );
}

/**
 * A register list's page and search, kept under its key by usePersistedFilter: a new search starts
 * on the first page.
 */
export function useRegisterFilter(key: string) {
  const [filter, setFilter, reset] = usePersistedFilter(key, baseFilterDefaults);
  return {
    filter,
    setFilter,
    reset,
    onPage: (page: Page) => setFilter((f) => ({ ...f, ...page })),
    search: { value: filter.q, onChange: (q: string) => setFilter((f) => ({ ...f, q, skip: 0 })) },
  };
}
