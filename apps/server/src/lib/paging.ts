import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery, ListResult } from '@oficina/contracts';
import { page } from './list.ts';

/**
 * @deprecated Use listPage (lib/list.ts), which counts only when needed and never with a window.
 * A page whose rows carry `count(*) over()` as total. A page past the end has no row to carry it,
 * so the total then comes from a separate count: the bar must still show the real total.
 */
export async function pageWithTotal<R extends { total: number }, T>(
  rows: R[],
  query: Pick<ListQuery, 'skip' | 'take'>,
  map: (row: R) => T,
  count: () => Promise<number>,
): Promise<ListResult<T>> {
  const total = rows[0]?.total ?? (query.skip > 0 ? await count() : 0);
  return page(rows.map(map), total, query);
}

/**
 * Alphabetical order as a pt-BR reader expects it ("Água" beside "agua", "Z" after "a"), the same on
 * PGlite and on PostgreSQL whatever the database collation.
 */
export const alphabetical = (column: AnyPgColumn) => sql`f_unaccent(lower(${column}))`;
