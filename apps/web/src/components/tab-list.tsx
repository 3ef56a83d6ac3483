import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { DataTable, type Column } from './data-table.tsx';
import type { Page, PagedList } from './paged-table.tsx';
import { PaginationBar } from './pagination-bar.tsx';

interface TabListProps<T extends { id: number }> {
  /** The section's name for screen readers. */
  label: string;
  /** The add button's text. */
  addLabel: string;
  onAdd(): void;
  columns: Column<T>[];
  list: PagedList<T>;
  emptyText?: string;
  onPage(page: Page): void;
  /** The modals the list opens. */
  children: ReactNode;
}

/**
 * A list in a record's tab (a company's or customer's addresses, a customer's equipment): the add
 * button over the table, and the pages under it only when there is more than one.
 */
export function TabList<T extends { id: number }>(props: TabListProps<T>) {
  const { list } = props;
  return (
    <section aria-label={props.label}>
      <div className="d-flex justify-content-end mb-2">
        <Button onClick={props.onAdd}>{props.addLabel}</Button>
      </div>
      <div className="card-list">
        <DataTable
          columns={props.columns}
          rows={list.data?.data}
          rowKey={(row) => row.id}
          isLoading={list.isPending}
          emptyText={props.emptyText}
        />
      </div>
      {list.data && list.data.meta.total > list.data.meta.take && (
        <PaginationBar meta={list.data.meta} onChange={props.onPage} />
      )}
      {props.children}
    </section>
  );
}
