import { bigint, customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/**
 * A version per organization and versioned table, raised when a transaction that inserted, updated or
 * deleted rows of that table commits (migration versions_at_commit): '<table>' for any change,
 * '<table>~' for changes to rows that already existed (updates and deletes). Lists reuse a total counted
 * earlier, and the server reuses whole answers, while the versions they depend on hold.
 */
export const listVersions = pgTable(
  'list_versions',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.tableName] })],
);

/** A transaction id (PostgreSQL's xid8), as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The rows each committed transaction added to customers or companies, under the version of the table it
 * raised (migration list_inserts); ids is null when it added more than 50. A kept search is checked
 * against these rows alone when rows were only added since it was built.
 */
export const listInserts = pgTable(
  'list_inserts',
  {
    txid: xid8('txid').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    version: bigint('version', { mode: 'number' }),
    ids: integer('ids').array(),
  },
  (t) => [
    primaryKey({ columns: [t.txid, t.organizationId, t.tableName] }),
    index('list_inserts_version_idx').on(t.organizationId, t.tableName, t.version),
  ],
);
