import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { invoices } from './invoices.ts';
import { users } from './users.ts';
import type { EstimateEmailStatus } from './estimate-emails.ts';

/** E-mails of a service order ('E-mails enviados'), journaled as an estimate's are (estimate-emails.ts). */
export const invoiceEmails = pgTable(
  'invoice_emails',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    invoiceId: integer('invoice_id').notNull(),
    userId: integer('user_id').references(() => users.id),
    subject: text('subject').notNull(),
    recipients: text('recipients').array().notNull(),
    status: text('status').$type<EstimateEmailStatus>().notNull().default('queued'),
    messageId: text('message_id'),
    outboxFile: text('outbox_file'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('invoice_emails_invoice_idx').on(t.invoiceId, t.createdAt),
    check('invoice_emails_status_check', sql`${t.status} IN ('queued', 'sent', 'written', 'failed')`),
    foreignKey({
      name: 'invoice_emails_invoice_fkey',
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }).onDelete('cascade'),
  ],
);
