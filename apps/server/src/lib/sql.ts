import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '@oficina/db';

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
