import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { invoices } from './invoices.ts';
import { emailJournalColumns } from './record-columns.ts';

/** E-mails of a service order ('E-mails enviados'), journaled as `emailJournalColumns` says. */
export const invoiceEmails = pgTable(
  'invoice_emails',
  {
    ...emailJournalColumns(),
    invoiceId: integer('invoice_id').notNull(),
    /** A message queued by a write (a Pix receipt), sent by a job: its HTML until the job takes it. */
    queuedHtml: text('queued_html'),
  },
  (t) => [
    index('invoice_emails_queued_idx')
      .on(t.id)
      .where(sql`${t.queuedHtml} IS NOT NULL`),
    index('invoice_emails_invoice_idx').on(t.invoiceId, t.createdAt),
    check('invoice_emails_status_check', sql`${t.status} IN ('queued', 'sent', 'written', 'failed')`),
    foreignKey({
      name: 'invoice_emails_invoice_fkey',
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }).onDelete('cascade'),
  ],
);
