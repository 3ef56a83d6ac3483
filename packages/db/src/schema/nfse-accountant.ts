import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationColumn, stampColumns } from './record-columns.ts';
import { organizations } from './organizations.ts';

/** Who gets the organization's month of NFS-e by e-mail (null: nobody), on which day of the next month. */
export const nfseAccountant = pgTable(
  'nfse_accountant',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.id),
    email: text('email'),
    day: smallint('day').notNull().default(5),
    ...stampColumns(),
  },
  (t) => [check('nfse_accountant_day_check', sql`${t.day} BETWEEN 1 AND 28`)],
);

export type NfseAccountantEmailStatus = 'queued' | 'sent' | 'written' | 'failed';

/** A month's e-mail to the accountant, queued once when due and sent by the NFS-e job. */
export const nfseAccountantEmails = pgTable(
  'nfse_accountant_emails',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    month: text('month').notNull(),
    recipient: text('recipient').notNull(),
    status: text('status').$type<NfseAccountantEmailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    error: text('error'),
    /** How many XML files the ZIP held. */
    files: integer('files').notNull().default(0),
    messageId: text('message_id'),
    outboxFile: text('outbox_file'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('nfse_accountant_emails_month_check', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check('nfse_accountant_emails_status_check', sql`${t.status} IN ('queued', 'sent', 'written', 'failed')`),
    uniqueIndex('nfse_accountant_emails_month_key').on(t.organizationId, t.month),
    index('nfse_accountant_emails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
  ],
);
