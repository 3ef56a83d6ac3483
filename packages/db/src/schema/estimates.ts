import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { companies } from './companies.ts';
import { customers } from './customers.ts';
import { transactionNatures } from './transaction-natures.ts';
import { users } from './users.ts';

/**
 * Estimates ('Orçamentos'): a quote between a company and a customer. status: Draft 0, Wip 1,
 * Completed 10 (approved), Canceled -1. Company, customer and nature are the estimate's own
 * organization's (composite foreign keys on organization_id).
 */
export const estimates = pgTable(
  'estimates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** Sequential per organization, no gap or duplicate (counters table, name 'estimate'). */
    number: integer('number').notNull(),
    companyId: integer('company_id').notNull(),
    customerId: integer('customer_id').notNull(),
    transactionNatureId: integer('transaction_nature_id').notNull(),
    status: smallint('status').notNull().default(0),
    /** Sum of the lines, recomputed by the server in the same transaction as any line change. */
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('estimates_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('estimates_organization_number_key').on(t.organizationId, t.number),
    index('estimates_organization_customer_idx').on(t.organizationId, t.customerId, t.number),
    index('estimates_organization_company_idx').on(t.organizationId, t.companyId, t.number),
    index('estimates_organization_status_idx').on(t.organizationId, t.status, t.number),
    check('estimates_status_check', sql`${t.status} IN (0, 1, 10, -1)`),
    check('estimates_discount_check', sql`${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.subtotalCents}`),
    foreignKey({
      name: 'estimates_company_fkey',
      columns: [t.organizationId, t.companyId],
      foreignColumns: [companies.organizationId, companies.id],
    }),
    foreignKey({
      name: 'estimates_customer_fkey',
      columns: [t.organizationId, t.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    foreignKey({
      name: 'estimates_transaction_nature_fkey',
      columns: [t.organizationId, t.transactionNatureId],
      foreignColumns: [transactionNatures.organizationId, transactionNatures.id],
    }),
  ],
);
