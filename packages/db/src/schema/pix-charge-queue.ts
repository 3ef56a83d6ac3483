import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sameOrganization } from './tenancy.ts';
import { organizationColumn } from './record-columns.ts';
import { invoices } from './invoices.ts';

/**
 * The orders whose Pix charge the job must look at, written by triggers in the transaction of the change
 * (lines, discount, payments, state, company). `seq` grows with each change; the job removes the row only
 * when none came while it worked.
 */
export const pixChargeQueue = pgTable(
  'pix_charge_queue',
  {
    invoiceId: integer('invoice_id').primaryKey(),
    organizationId: organizationColumn(),
    seq: integer('seq').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    sameOrganization(
      'pix_charge_queue_invoice_fkey',
      { organizationId: t.organizationId, column: t.invoiceId },
      invoices,
    ).onDelete('cascade'),
    index('pix_charge_queue_due_idx').on(t.nextAttemptAt),
  ],
);
