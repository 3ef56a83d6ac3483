import { getTableColumns, type SQL, type Table } from 'drizzle-orm';
import type { Db, Tx } from '@ordem-certa/db';

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `build(db, key)` made once per database and key, then reused: how a prepared statement is kept, so
 * Drizzle writes its SQL once and each connection plans it once. The key names the variant (a table, a
 * kind of reader); keys are few and fixed by the code.
 */
export function perDatabase<K, V>(build: (db: Db, key: K) => V): (db: Db, key: K) => V {
  const byDb = new WeakMap<Db, Map<K, V>>();
  return (db, key) => {
    let byKey = byDb.get(db);
    if (!byKey) byDb.set(db, (byKey = new Map()));
    let value = byKey.get(key);
    if (value === undefined) byKey.set(key, (value = build(db, key)));
    return value;
  };
}

/**
 * Some of a table's columns by their names, for a select: `pickColumns(t, 'id', 'name')` is
 * `{ id: t.id, name: t.name }`, typed as such.
 */
export function pickColumns<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  ...names: K[]
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}
