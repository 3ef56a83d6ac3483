import type { ListMeta } from '@ordem-certa/contracts';
import { baseFilterDefaults, usePersistedFilter, type BaseFilter } from '../lib/use-persisted-filter.ts';
import { DataTable, type Column } from './data-table.tsx';
import { PaginationBar } from './pagination-bar.tsx';
import { SearchBox } from './search-box.tsx';

export interface Page {
  skip: number;
  take: number;
}

/** A list query as the table reads it: loading, then one page of rows and the server's count. */
export interface PagedList<T> {
  isPending: boolean;
  data?: { data: T[]; meta: ListMeta };
}

export interface ListSearch {
  value: string | undefined;
  onChange(q: string): void;
}

/**
 * A list's page and search over its filter: another page keeps the search, a new search starts on
 * the first page.
 */
export function listControls<F extends BaseFilter>(
  filter: F,
  setFilter: (update: (f: F) => F) => void,
): { onPage(page: Page): void; search: ListSearch } {
  return {
    onPage: (page) => setFilter((f) => ({ ...f, ...page })),
    search: { value: filter.q, onChange: (q) => setFilter((f) => ({ ...f, q, skip: 0 })) },
  };
}

/** A list's page and search kept under its key by usePersistedFilter, with their handlers. */
export function useListFilter(key: string) {
  const [filter, setFilter, reset] = usePersistedFilter(key, baseFilterDefaults);
  return { filter, setFilter, reset, ...listControls(filter, setFilter) };
}

interface PagedTableProps<T> {
  columns: Column<T>[];
  list: PagedList<T>;
  rowKey(row: T): string | number;
  emptyText?: string;
  onPage(page: Page): void;
  /** The search box over the table, when the list has one. */
  search?: ListSearch;
  /** The class of the search box's row. */
  searchClassName?: string;
}

/** One page of a server list: the search box when there is one, the table, and the bar to other pages. */
export function PagedTable<T>({
  columns,
  list,
  rowKey,
  emptyText,
  onPage,
  search,
  searchClassName = 'mb-2',
}: PagedTableProps<T>) {
  return (
    <>
      {search && (
        <div className={searchClassName}>
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
    </>
  );
}
