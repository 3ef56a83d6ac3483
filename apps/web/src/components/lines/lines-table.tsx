import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';
import { ColumnHeaders } from '../data-table.tsx';

export interface LineColumn<T> {
  header: ReactNode;
  /** The label before the value when the table stacks into cards on a phone; none for the main cell. */
  label?: string;
  cell(row: T): ReactNode;
  className?: string;
}

interface LinesTableProps<T> {
  columns: LineColumn<T>[];
  rows: T[];
  rowKey(row: T): number;
  emptyText?: string;
  caption: string;
}

/**
 * A table of an order's or an estimate's lines that becomes a stack of cards below 576 px (styles.css
 * .lines-table): a technician reads and taps lines on a phone without scrolling sideways.
 */
export function LinesTable<T>({ columns, rows, rowKey, emptyText = 'Nenhum registro', caption }: LinesTableProps<T>) {
  return (
    // A narrow screen may scroll the table sideways: keyboard users can reach and scroll it too.
    <div className="table-responsive" tabIndex={0}>
      <Table className="lines-table align-middle mb-0" size="sm">
        <caption className="visually-hidden">{caption}</caption>
        <ColumnHeaders columns={columns} />
        <tbody>
          {rows.length === 0 ? (
            <tr className="lines-empty">
              <td colSpan={columns.length} className="text-center text-body-secondary py-3">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c, i) => (
                  <td key={i} className={c.className} data-label={c.label}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </div>
  );
}
