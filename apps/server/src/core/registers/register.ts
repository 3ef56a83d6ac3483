import { and, asc, eq, getTableColumns, getTableName, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@ordem-certa/contracts';
import type { Db } from '@ordem-certa/db';
import { invalid, isUniqueViolation } from '../../lib/errors.ts';
import { listPage, searchWhere } from '../../lib/list.ts';
import { alphabetical } from '../../lib/paging.ts';
import { assertFound } from '../access/access.ts';

/** A register's table: rows of one organization, with an id and the time of their last change. */
export type RegisterTable = PgTable & { id: PgColumn; organizationId: PgColumn; updatedAt: PgColumn };

/** A query of the register's rows that can still be filtered, sorted and limited. */
export type RowsQuery<TRow> = PgSelect<string, PgSelect['_']['selection'], 'partial'> & PromiseLike<TRow[]>;

export interface RegisterDefinition<TRow, TItem> {
  table: RegisterTable;
  /** The register's columns read from its table: `db.select(columns).from(table).$dynamic()`. */
  select: (db: Db) => RowsQuery<TRow>;
  /** The row as the API answers it. */
  toItem: (row: TRow) => TItem;
  /** The columns a list's `q` searches (accent- and case-insensitive "contains"). */
  search: AnyPgColumn[];
  /** The list's order; the id is always added last, so rows that sort alike keep one order across pages. */
  order: Array<SQL | AnyPgColumn>;
  /** A unique index that a write can hit, and the field and message of its 422. */
  unique?: { constraint: string; field: string; message: string };
  /**
   * The column a DELETE stamps instead of destroying the row (archived, retired): deleting a stamped
   * row again is a 404.
   */
  retiredAt?: PgColumn;
}

/**
 * What the simple registers (tags, products, services, …) do alike: the organization's rows listed a
 * page at a time with a search, read by id, written behind their unique index, retired instead of
 * deleted. Every query filters on the organization, so another organization's id is a 404 like an
 * unknown one. Each register's own module writes its rows (their fields differ) and answers the routes.
 */
export function register<TRow, TItem>(def: RegisterDefinition<TRow, TItem>) {
  const t = def.table;
  /** The row of that id, if it is the organization's. */
  const owned = (organizationId: number, id: number) => and(eq(t.id, id), eq(t.organizationId, organizationId));
  /** The same, and not retired. */
  const live = (organizationId: number, id: number) =>
    and(owned(organizationId, id), def.retiredAt ? isNull(def.retiredAt) : undefined);

  return {
    owned,
    live,

    /** One page, searched by `q`; `filters` narrow it further (undefined ones count for nothing). */
    list(db: Db, organizationId: number, query: ListQuery, ...filters: Array<SQL | undefined>) {
      const where = and(eq(t.organizationId, organizationId), ...filters, searchWhere(query.q, def.search));
      return listPage<TRow, TItem>(
        query,
        def
          .select(db)
          .where(where)
          .orderBy(...def.order, asc(t.id))
          .limit(query.take)
          .offset(query.skip),
        () => db.$count(t, where),
        def.toItem,
      );
    },

    /** A retired row too: what was made with it may still link to it. */
    async get(db: Db, organizationId: number, id: number) {
      const [row]: TRow[] = await def.select(db).where(owned(organizationId, id));
      return def.toItem(assertFound(row));
    },

    /** Runs a write; hitting the register's unique index is a 422 on its field. */
    async unique<R>(write: () => Promise<R>): Promise<R> {
      try {
        return await write();
      } catch (err) {
        if (def.unique && isUniqueViolation(err, def.unique.constraint)) {
          throw invalid({ [def.unique.field]: def.unique.message });
        }
        throw err;
      }
    },

    /** DELETE: stamps `retiredAt` on a live row; one already retired, or unknown, is a 404. */
    async retire(db: Db, organizationId: number, id: number) {
      const now = new Date();
      const [key] = Object.entries(getTableColumns(t)).find(([, column]) => column === def.retiredAt) ?? [];
      if (!key) throw new Error(`${getTableName(t)}: no column to retire with`);
      const [row] = await db
        .update(t)
        .set({ [key]: now, updatedAt: now })
        .where(live(organizationId, id))
        .returning({ id: t.id });
      assertFound(row);
    },
  };
}

/**
 * A picker's page: rows of `table` that pass `where`, alphabetical by `name` (then id, so rows that sort
 * alike keep one order across pages), with the real total. `rows` is `db.select(columns).from(table).$dynamic()`.
 */
export function pickerPage<TRow, TItem>(
  db: Db,
  query: ListQuery,
  table: PgTable & { id: PgColumn; name: PgColumn },
  rows: RowsQuery<TRow>,
  where: SQL | undefined,
  toItem: (row: TRow) => TItem,
) {
  return listPage<TRow, TItem>(
    query,
    rows.where(where).orderBy(alphabetical(table.name), asc(table.id)).limit(query.take).offset(query.skip),
    () => db.$count(table, where),
    toItem,
  );
}
