import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/**
 * Per-organization sequences (service-order and estimate numbers). Incremented with
 * INSERT ... ON CONFLICT DO UPDATE ... RETURNING inside the transaction that creates the record: the row
 * lock serializes concurrent creates and a rollback gives the number back, so there is no gap or duplicate.
 */
export const counters = pgTable(
  'counters',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.name] })],
);
