import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BaseFilter } from '../lib/use-persisted-filter.ts';
import type { Column } from './data-table.tsx';
import { PageHeader } from './page-header.tsx';
import { PagedTable, useListFilter, type ListSearch, type Page, type PagedList } from './paged-table.tsx';

interface Row {
  id: number;
}

interface RegisterListPageProps<T extends Row> {
  title: string;
  /** The 'Novo' button's address; none for who may not add (the button is not shown). */
  newTo?: string;
  /** Header buttons before 'Novo' (a filter). */
  actions?: ReactNode;
  /** A line of help between the title and the list. */
  intro?: ReactNode;
  columns: Column<T>[];
  list: PagedList<T>;
  emptyText?: string;
  onPage(page: Page): void;
  /** The search box over the table, when the list has one. */
  search?: ListSearch;
}

/** A register's list screen: the title with 'Novo', the search box when there is one, the table and its pages. */
export function RegisterListPage<T extends Row>(props: RegisterListPageProps<T>) {
  const { title, newTo, actions, intro, ...table } = props;
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            {actions}
            {newTo && (
              <Link to={newTo} className="btn btn-primary">
                Novo
              </Link>
            )}
          </>
        }
      />
      {intro}
      <div className="card-list">
        <PagedTable {...table} rowKey={(row) => row.id} searchClassName="list-toolbar mb-3" />
      </div>
    </>
  );
}

/** What sets a plain register list apart: its title, address, columns and query. */
interface RegisterListConfig<T extends Row> {
  title: string;
  /**
   * The list's address ('/admin/users'): 'Novo' opens its '/new', and the page and search are kept
   * under its last part ('users').
   */
  path: string;
  columns: Column<T>[];
  useList(filter: BaseFilter): PagedList<T>;
  /** With a search box over the table. */
  searchable?: boolean;
  /** A line of help between the title and the list. */
  intro?: ReactNode;
}

/** The screen of a register list that only lists: its rows link to their edit pages through the columns. */
export function registerListPage<T extends Row>({ path, useList, searchable, ...page }: RegisterListConfig<T>) {
  const key = path.slice(path.lastIndexOf('/') + 1);
  return function RegisterList() {
    const { filter, onPage, search } = useListFilter(key);
    return (
      <RegisterListPage
        {...page}
        newTo={`${path}/new`}
        list={useList(filter)}
        onPage={onPage}
        search={searchable ? search : undefined}
      />
    );
  };
}
