import type { ReactNode } from 'react';
import { Spinner, Table } from 'react-bootstrap';
import { useConnectionProblem } from '../lib/connection.tsx';
import { ConnectionNotice } from './connection-notice.tsx';

export interface Column<T> {
  header: ReactNode;
  cell(row: T): ReactNode;
  className?: string;
}

interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey(row: T): string | number;
  isLoading?: boolean;
  emptyText?: string;
  /** A row's class (an overdue instalment's highlight). */
  rowClassName?(row: T): string | undefined;
}

/**
 * The list table: header, rows, a spinner while loading and an empty-state row; without rows and
 * without a connection, "Sem conexão" and 'Tentar novamente' (never "Nenhum registro" or an endless spinner).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  isLoading,
  emptyText = 'Nenhum registro',
  rowClassName,
}: DataTableProps<T>) {
  const noConnection = useConnectionProblem();
  return (
    <div className="table-responsive">
      <Table hover className="align-middle mb-0 data-table">
        <ColumnHeaders columns={columns} />
        <tbody>
          {noConnection && !rows ? (
            <tr>
              <td colSpan={columns.length}>
                <ConnectionNotice compact />
              </td>
            </tr>
          ) : isLoading && !rows ? (
            <tr>
              <td colSpan={columns.length} className="text-center py-4">
                <Spinner size="sm" /> <span className="ms-2">Carregando...</span>
              </td>
            </tr>
          ) : rows && rows.length > 0 ? (
            rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((c, i) => (
                  <td key={i} className={c.className}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={columns.length} className="text-center text-body-secondary py-4">
                {emptyText}
              </td>
            </tr>
          )}
        </tbody>
      </Table>
    </div>
  );
}

/** A table's header row: each column's header, with the column's class. */
export function ColumnHeaders({ columns }: { columns: Array<{ header: ReactNode; className?: string }> }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          <th key={i} className={c.className}>
            {c.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}
