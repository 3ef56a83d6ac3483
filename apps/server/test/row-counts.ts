import { sql } from 'drizzle-orm';
import type { Db } from '@ordem-certa/db';
import { queryRows } from '../src/lib/sql.ts';

/** Rows per table of the public schema, read through `query` (a PGlite database or a pg client). */
export async function countRows(query: (sql: string) => Promise<Array<Record<string, unknown>>>) {
  const tables = await query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  const counts: Record<string, number> = {};
  for (const { tablename } of tables)
    counts[tablename as string] = Number((await query(`SELECT count(*) AS n FROM "${tablename}"`))[0]!.n);
  return counts;
}

/** Tables that count requests rather than hold data: a refused request may still be counted there. */
const REQUEST_COUNTERS = new Set(['rate_limits', 'login_attempts']);

/**
 * Per data table (the request counters left out), a digest of all its rows: equal digests before and
 * after mean nothing was written.
 */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.filter((t) => !REQUEST_COUNTERS.has(t.name))) {
    const [row] = await queryRows<{ digest: string }>(
      db,
      sql`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${sql.identifier(name)} t`,
    );
    out[name] = row!.digest;
  }
  return out;
}
