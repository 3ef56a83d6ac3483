import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { recordHeadColumns, recordMoneyColumns, rowVersionColumn } from './record-columns.ts';
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
    // The number comes from the counters table, name 'estimate'.
    ...recordHeadColumns(),
    status: smallint('status').notNull().default(0),
    ...recordMoneyColumns(),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    rowVersion: rowVersionColumn(),
    // The deposit ('entrada') its Pix offers: a percentage of the total in basis points, or a value.
    depositPercentBp: integer('deposit_percent_bp'),
    depositCents: bigint('deposit_cents', { mode: 'number' }),
    // The public link shared with the customer: its random token (a new one replaces the old; null:
    // not shared or revoked), until when it works, and a hash of what it showed when shared.
    shareToken: text('share_token'),
    shareExpiresAt: timestamp('share_expires_at', { withTimezone: true }),
    shareContentHash: text('share_content_hash'),
  },
  (t) => [
    uniqueIndex('estimates_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('estimates_organization_number_key').on(t.organizationId, t.number),
    index('estimates_organization_customer_idx').on(t.organizationId, t.customerId, t.number),
    index('estimates_organization_company_idx').on(t.organizationId, t.companyId, t.number),
    index('estimates_organization_status_idx').on(t.organizationId, t.status, t.number),
    check('estimates_status_check', sql`${t.status} IN (0, 1, 10, -1)`),
    check(
      'estimates_deposit_check',
      sql`(${t.depositPercentBp} IS NULL OR ${t.depositPercentBp} BETWEEN 100 AND 10000) AND (${t.depositCents} IS NULL OR ${t.depositCents} > 0) AND (${t.depositPercentBp} IS NULL OR ${t.depositCents} IS NULL)`,
    ),
    check('estimates_discount_check', sql`${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.subtotalCents}`),
    sameOrganizationAs('estimates_company_fkey', t, t.companyId, companies),
    sameOrganizationAs('estimates_customer_fkey', t, t.customerId, customers),
    sameOrganizationAs('estimates_transaction_nature_fkey', t, t.transactionNatureId, transactionNatures),
  ],
);
