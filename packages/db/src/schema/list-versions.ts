import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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

/**
 * The rows each committed transaction added to customers or companies, under the version of the table it
 * raised (migration versions_at_commit), when it added at most 50 to one organization. A kept search is
 * checked against these rows alone when rows were only added since it was built.
 */
export const listInserts = pgTable(
  'list_inserts',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    ids: integer('ids').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.tableName, t.version] })],
);
