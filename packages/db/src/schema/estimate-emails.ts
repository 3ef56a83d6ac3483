import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { estimates } from './estimates.ts';
import { users } from './users.ts';

export type EstimateEmailStatus = 'queued' | 'sent' | 'written' | 'failed';

/**
 * E-mails of an estimate ('E-mails enviados'). A row is written as 'queued' before the message is
 * handed to SMTP or written to the outbox, and marked 'sent' (SMTP accepted it), 'written' (an .eml in
 * the outbox, no SMTP configured) or 'failed' after: a crash mid-send leaves it visibly 'queued'.
 */
export const estimateEmails = pgTable(
  'estimate_emails',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    estimateId: integer('estimate_id').notNull(),
    userId: integer('user_id').references(() => users.id),
    subject: text('subject').notNull(),
    recipients: text('recipients').array().notNull(),
    status: text('status').$type<EstimateEmailStatus>().notNull().default('queued'),
    /** The SMTP server's message id, when sent. */
    messageId: text('message_id'),
    /** The .eml file name under DATA_DIR/outbox, when written. */
    outboxFile: text('outbox_file'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('estimate_emails_estimate_idx').on(t.estimateId, t.createdAt),
    check('estimate_emails_status_check', sql`${t.status} IN ('queued', 'sent', 'written', 'failed')`),
    foreignKey({
      name: 'estimate_emails_estimate_fkey',
      columns: [t.organizationId, t.estimateId],
      foreignColumns: [estimates.organizationId, estimates.id],
    }).onDelete('cascade'),
  ],
);
