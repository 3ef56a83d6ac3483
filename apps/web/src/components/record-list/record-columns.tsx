import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatIdentifier } from '@ordem-certa/contracts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { DataTable, type Column } from '../data-table.tsx';
import { TagBadge } from '../tag-badge.tsx';

/** What the order and estimate lists show of a row's company and number. */
interface RecordRow {
  id: number;
  number: number;
  companyName: string;
  companyIdentifier: string;
  companyType: number;
  transactionNatureName: string;
}

/** '#': the number's link stretches over the row, so the whole row opens the record. */
const numberColumn = <T extends RecordRow>(editPath: (id: number) => string, name: string): Column<T> => ({
  header: '#',
  className: 'text-nowrap fw-semibold',
  cell: (r) => (
    <Link to={editPath(r.id)} className="stretched-link" aria-label={`${name} ${r.number}`}>
      {r.number}
    </Link>
  ),
});

/** A date with its time under it. */
export function DateTime({ at }: { at: string }) {
  return (
    <>
      {formatDate(at)}
      <div className="text-body-secondary">{formatTime(at)}</div>
    </>
  );
}

const createdColumn = <T extends { createdAt: string }>(): Column<T> => ({
  header: 'Data',
  className: 'text-nowrap small',
  cell: (r) => <DateTime at={r.createdAt} />,
});

/** 'Empresa': name and identifier; folded away below 768 px. */
const companyColumn = <T extends RecordRow>(): Column<T> => ({
  header: 'Empresa',
  className: 'd-none d-md-table-cell',
  cell: (r) => (
    <>
      {r.companyName}
      <div className="small text-body-secondary text-nowrap">
        {formatIdentifier(r.companyIdentifier, r.companyType)}
      </div>
    </>
  ),
});

const natureColumn = <T extends RecordRow>(): Column<T> => ({
  header: 'Natureza da Op.',
  className: 'd-none d-lg-table-cell',
  cell: (r) => r.transactionNatureName,
});

/** 'Etiquetas': each tag in its colour. */
const tagsColumn = <T,>(
  tags: (row: T) => ReadonlyArray<{ tagId: number; name: string; color: string }>,
): Column<T> => ({
  header: 'Etiquetas',
  className: 'd-none d-sm-table-cell',
  cell: (r) => (
    <div className="d-flex flex-wrap gap-1">
      {tags(r).map((t) => (
        <TagBadge key={t.tagId} name={t.name} color={t.color} />
      ))}
    </div>
  ),
});

/**
 * 'Cliente' (none inside a customer's page, where it says nothing new); on a phone the status rides
 * under the customer instead of a column off screen.
 */
const customerColumns = <T extends { customerName: string }>(
  hideCustomer: boolean,
  status: (row: T) => ReactNode,
  under?: (row: T) => ReactNode,
): Column<T>[] =>
  hideCustomer
    ? []
    : [
        {
          header: 'Cliente',
          cell: (r) => (
            <>
              {r.customerName}
              {under?.(r)}
              <div className="d-sm-none mt-1">{status(r)}</div>
            </>
          ),
        },
      ];

/** 'Status': its own column from 576 px, or always when there is no customer column to ride under. */
const statusColumn = <T,>(hideCustomer: boolean, status: (row: T) => ReactNode): Column<T> => ({
  header: 'Status',
  className: hideCustomer ? undefined : 'd-none d-sm-table-cell',
  cell: status,
});

/**
 * A record list's columns in their order: #, Data (or what the kind dates its rows by), Empresa,
 * Cliente, Natureza da Op., Status and Etiquetas; the kind names its rows and draws their status.
 */
export const recordColumns = <T extends RecordRow & { createdAt: string; customerName: string }>(kind: {
  /** The record's screen, and its name in the number's link ('Orçamento 12'). */
  editPath(id: number): string;
  name: string;
  /** Inside a customer's page the customer column says nothing new. */
  hideCustomer: boolean;
  status(row: T): ReactNode;
  tags(row: T): ReadonlyArray<{ tagId: number; name: string; color: string }>;
  /** Instead of the creation date. */
  date?: Column<T>;
  /** Under the customer's name on a tablet. */
  underCustomer?(row: T): ReactNode;
}): Column<T>[] => [
  numberColumn(kind.editPath, kind.name),
  kind.date ?? createdColumn(),
  companyColumn(),
  ...customerColumns(kind.hideCustomer, kind.status, kind.underCustomer),
  natureColumn(),
  statusColumn(kind.hideCustomer, kind.status),
  tagsColumn(kind.tags),
];

/** The order or estimate list's table. */
export function RecordTable<T extends { id: number }>({
  columns,
  rows,
  isLoading,
  emptyText,
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  isLoading: boolean;
  emptyText: string;
}) {
  return (
    <div className="invoice-table">
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} isLoading={isLoading} emptyText={emptyText} />
    </div>
  );
}
