/** Rows per table of the public schema, read through `query` (a PGlite database or a pg client). */
export async function countRows(query: (sql: string) => Promise<Array<Record<string, unknown>>>) {
  const tables = await query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  const counts: Record<string, number> = {};
  for (const { tablename } of tables)
    counts[tablename as string] = Number((await query(`SELECT count(*) AS n FROM "${tablename}"`))[0]!.n);
  return counts;
}
