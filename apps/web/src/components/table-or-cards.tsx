import type { ReactNode } from 'react';
import { DataTable, type Column } from './data-table.tsx';

interface TableOrCardsProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey(row: T): string | number;
  isLoading?: boolean;
  emptyText: string;
  /** A row's class in the table (an overdue instalment's highlight). */
  rowClassName?(row: T): string | undefined;
  /** The cards' list, for a screen reader ('Notas fiscais'). */
  label: string;
  /** What a row's card shows. */
  renderCard(row: T): ReactNode;
  /** A card's class; 'receivable-card' unless given. */
  cardClassName?(row: T): string;
}

/**
 * A list as a table from md up and as cards on a phone, where its many columns do not fit 375 px: one
 * card a row, and the same empty text when there are none.
 */
export function TableOrCards<T>({ renderCard, cardClassName, label, ...table }: TableOrCardsProps<T>) {
  const { rows, rowKey, emptyText } = table;
  return (
    <>
      <div className="d-none d-md-block">
        <DataTable {...table} />
      </div>
      <ul className="list-unstyled mb-0 d-md-none" aria-label={label}>
        {rows?.map((r) => (
          <li key={rowKey(r)} className={cardClassName?.(r) ?? 'receivable-card'}>
            {renderCard(r)}
          </li>
        ))}
        {rows && rows.length === 0 && <li className="text-center text-body-secondary py-4">{emptyText}</li>}
      </ul>
    </>
  );
}
