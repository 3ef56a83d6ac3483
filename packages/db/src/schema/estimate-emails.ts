import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { estimates } from './estimates.ts';
import { emailJournalColumns } from './record-columns.ts';

/** E-mails of an estimate ('E-mails enviados'), journaled as `emailJournalColumns` says. */
export const estimateEmails = pgTable(
  'estimate_emails',
  { ...emailJournalColumns(), estimateId: integer('estimate_id').notNull() },
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
