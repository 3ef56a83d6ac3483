import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    invoiceId: integer('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    organizationId: organizationColumn(),
    seq: integer('seq').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('pix_charge_queue_due_idx').on(t.nextAttemptAt)],
);
