import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * The outbox of e-mails about a person's own account (the link that confirms the e-mail of a sign-up):
 * written 'queued' in the transaction that causes it, then sent and marked by the sender, right after
 * the commit or by the job that retries what is left. The message itself is made when it is sent.
 */
export const accountEmails = pgTable(
  'account_emails',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id').notNull(),
    purpose: text('purpose').$type<'email-verification'>().notNull(),
    status: text('status').$type<'queued' | 'sent' | 'written' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Taken by a sender at this time; a sender that died leaves it to be taken again later. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('account_emails_purpose_check', sql`${t.purpose} IN ('email-verification')`),
    check('account_emails_status_check', sql`${t.status} IN ('queued', 'sent', 'written', 'failed')`),
    index('account_emails_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'queued'`),
    foreignKey({
      name: 'account_emails_user_fkey',
      columns: [t.organizationId, t.userId],
      foreignColumns: [users.organizationId, users.id],
    }).onDelete('cascade'),
  ],
);
