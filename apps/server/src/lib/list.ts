import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery, ListResult } from '@oficina/contracts';

/**
 * Case- and accent-insensitive "contains" over several expressions (DECISIONS.md: "joao" finds "João").
 * Uses the IMMUTABLE f_unaccent() of the first migration, so a trigram index on
 * f_unaccent(lower(expr)) serves it. Returns undefined for an empty q.
 */
export function searchWhere(q: string | undefined, exprs: Array<AnyPgColumn | SQL>): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const parts = exprs.map((e) => sql`f_unaccent(lower(${e})) LIKE f_unaccent(${pattern})`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** Digits and letters only, upper-case: how CPF/CNPJ are stored, so "123.456" finds "123456". */
export const identifierTerm = (q: string | undefined) => q?.replace(/[^0-9a-zA-Z]/g, '').toUpperCase() ?? '';

export function page<T>(data: T[], total: number, query: Pick<ListQuery, 'skip' | 'take'>): ListResult<T> {
  return { data, meta: { total, skip: query.skip, take: query.take } };
}

/** count(*) over the window, so one query returns a page and the real total. */
export const totalCount = sql<number>`count(*) over()`.mapWith(Number);
