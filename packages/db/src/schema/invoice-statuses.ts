import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizations } from './organizations.ts';

/**
 * 'Situações de OS': the labels an order's state shows. One per fixed state (Draft, Todo, Wip,
 * Completed) created with the organization, plus the user-defined Blocked and Canceled reasons.
 */
export const invoiceStatuses = pgTable(
  'invoice_statuses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    state: integer('state').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_statuses_organization_id_id_key').on(t.organizationId, t.id),
    check('invoice_statuses_state_check', sql`${t.state} IN (0, 7, 10, 20, -1, -100)`),
    index('invoice_statuses_organization_idx').on(t.organizationId, t.state),
    uniqueIndex('invoice_statuses_label_key').on(t.organizationId, sql`lower(${t.label})`),
  ],
);
