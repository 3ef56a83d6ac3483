import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/**
 * A version per organization and table, raised by statement triggers (migration list_versions) in the
 * transaction of every insert, update or delete on the versioned tables: invoices, invoice_workers,
 * customers, companies. Lists reuse a total counted earlier while the versions they depend on hold.
 */
export const listVersions = pgTable(
  'list_versions',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    tableName: text('table_name').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.tableName] })],
);
