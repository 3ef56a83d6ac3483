import { eq, getTableName, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, ListResult } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { perDatabase } from './sql.ts';

/**
 * Case- and accent-insensitive "contains" over several expressions ("joao" finds "João").
 * Uses the IMMUTABLE f_unaccent() of the first migration, so a trigram index on
 * f_unaccent(lower(expr)) serves it. Returns undefined for an empty q.
 */
export function searchWhere(q: string | undefined, exprs: Array<AnyPgColumn | SQL>): SQL | undefined {
  const pattern = likePattern(q);
  if (!pattern) return undefined;
  const parts = exprs.map((e) => sql`f_unaccent(lower(${e})) LIKE f_unaccent(${pattern})`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** The LIKE pattern of a "contains" search for q (lower-case, LIKE's own characters escaped); undefined for an empty q. */
export function likePattern(q: string | undefined): string | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Digits and letters only, upper-case: how CPF/CNPJ are stored, so "123.456" finds "123456". */
export const identifierTerm = (q: string | undefined) => q?.replace(/[^0-9a-zA-Z]/g, '').toUpperCase() ?? '';

export function page<T>(data: T[], total: number, query: Pick<ListQuery, 'skip' | 'take'>): ListResult<T> {
  return { data, meta: { total, skip: query.skip, take: query.take } };
}

/**
 * One page of a list and its real total: the way every list is paged, so how the total is found lives
 * here only.
 *  - `rows`: the page's query, already limited to `take` rows from `skip` (a Drizzle query runs when
 *    awaited here).
 *  - `count`: the number of matching rows, counted over the list's own table with the same filter —
 *    no joins, no sort, no columns read, so an index answers it (`db.$count(table, where)`).
 * The count runs only when the page cannot tell the total: a page that is not full, and not past the
 * end, is the last one, so total = skip + its rows (most registers fit in one page). A window
 * `count(*) over()` is not used: it makes the database read and join every matching row for 20 of them.
 */
export async function listPage<R, T = R>(
  query: Pick<ListQuery, 'skip' | 'take'>,
  rows: PromiseLike<R[]>,
  count: () => PromiseLike<number>,
  map: (row: R) => T = (row) => row as unknown as T,
): Promise<ListResult<T>> {
  const data = await rows;
  const isLastPage = data.length < query.take && (data.length > 0 || query.skip === 0);
  const total = isLastPage ? query.skip + data.length : Number(await count());
  return page(data.map(map), total, query);
}

/**
 * The tables whose writes raise a version in list_versions when they commit (migration versions_at_commit):
 * the name for any change, and the name with '~' for updates and deletes only (rows that already existed).
 */
export type VersionedTable =
  | 'invoices'
  | 'invoice_workers'
  | 'customers'
  | 'companies'
  | 'estimates'
  | 'invoice_services'
  | 'invoice_products'
  | 'invoice_equipments'
  | 'invoice_tags'
  | 'invoice_signatures'
  | 'invoice_statuses'
  | 'tags'
  | 'users'
  | 'addresses'
  | 'transaction_natures'
  | 'invoice_payments'
  | 'receivables'
  | 'order_ratings'
  | 'field_stamps';
export type VersionName = VersionedTable | `${VersionedTable}~`;

const dialect = new PgDialect();
const counted = new Map<string, number>();
const COUNTED_MAX = 500;

/**
 * The `count` of listPage: count(*) of `table`'s rows matching `where`. With `reuse`, a total once
 * counted is kept in memory under the current versions of the tables the filter reads (one primary-key
 * read) and served again until a write to any of them raises a version: still exact, but the order list
 * of an organization with 100,000 orders stops counting 100,000 index entries on every page view.
 * The versions are read before counting, so a count is never filed under a version older than its data.
 */
export function countRows(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  reuse?: {
    organizationId: number;
    dependsOn: readonly VersionedTable[];
    /**
     * The versions as versionsColumn(dependsOn) read them in the page's own statement (before this
     * count, so still never older than the data counted): saves the statement that reads them here.
     */
    known?: () => string | undefined;
  },
): () => Promise<number> {
  if (!reuse) return async () => db.$count(table, where);
  return async () => {
    const versions = reuse.known?.() ?? (await readVersions(db, reuse.organizationId, reuse.dependsOn));
    const filter = where ? dialect.sqlToQuery(where) : { sql: '', params: [] };
    const key = `${reuse.organizationId}|${getTableName(table)}|${versions}|${filter.sql}|${JSON.stringify(filter.params)}`;
    const known = counted.get(key);
    if (known !== undefined) return known;
    const total = await db.$count(table, where);
    if (counted.size >= COUNTED_MAX) counted.delete(counted.keys().next().value!);
    counted.set(key, total);
    return total;
  };
}

/**
 * The organization's current versions of the given tables, '.'-joined in the given order (0 for a table
 * with none yet). Read before the data they describe, so what is kept under them is never newer.
 */
export async function readVersions(db: Db, organizationId: number, dependsOn: readonly VersionName[]) {
  const all = await currentVersions(db, organizationId);
  return dependsOn.map((name) => all.get(name) ?? 0).join('.');
}

interface Waiter {
  resolve: (versions: Map<string, number>) => void;
  reject: (err: unknown) => void;
}

/**
 * Every version of an organization (list_versions), by a read that starts after this call, so a version
 * read is never older than the request that asked. Cheap under load: one primary-key statement per
 * organization at a time; calls that come while it runs wait for the next read, which starts when it
 * ends and answers all of them. At 16 connections one read serves several requests; at 1 it is one
 * short statement.
 */
export function currentVersions(db: Db, organizationId: number): Promise<Map<string, number>> {
  return versionReaderOf(db, undefined).read(organizationId);
}

const versionReaderOf = perDatabase((db: Db) => {
  const v = schema.listVersions;
  const query = db
    .select({ table: v.tableName, version: v.version })
    .from(v)
    .where(eq(v.organizationId, sql.placeholder('orgId')))
    .prepare('list_versions_all');
  const reads = new Map<number, Waiter[]>();
  const run = async (organizationId: number, waiting: Waiter[]) => {
    while (waiting.length) {
      const batch = waiting.splice(0);
      try {
        const rows = await query.execute({ orgId: organizationId });
        const versions = new Map(rows.map((r) => [r.table, r.version]));
        for (const w of batch) w.resolve(versions);
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    reads.delete(organizationId);
  };
  return {
    read: (organizationId: number) =>
      new Promise<Map<string, number>>((resolve, reject) => {
        const waiting = reads.get(organizationId);
        if (waiting) return void waiting.push({ resolve, reject });
        const own = [{ resolve, reject }];
        reads.set(organizationId, own);
        void run(organizationId, own);
      }),
  };
});

/**
 * The same versions as a column of a list's page query (the organization's row of list_versions for
 * each table, '.'-joined in the given order, 0 when a table has none yet): pass it back to countRows
 * as `known`, and the total costs no extra statement while it is still valid.
 */
export function versionsColumn(organizationId: number | Placeholder, dependsOn: VersionedTable[]) {
  const v = schema.listVersions;
  const parts = dependsOn.map(
    (name) =>
      sql`coalesce((SELECT ${v.version} FROM ${v} WHERE ${v.organizationId} = ${organizationId} AND ${v.tableName} = ${name}), 0)`,
  );
  return sql<string>`concat_ws('.', ${sql.join(parts, sql`, `)})`;
}
