import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizationColumn, stampColumns } from './record-columns.ts';
import { users } from './users.ts';

/**
 * Expenses ('Despesas', contas a pagar). `paidAt` is the day it was paid (null: unpaid); open or
 * overdue is derived from `dueDate` and the organization's today. One optional attachment in the
 * file storage (`attachmentKey`), a PDF or a PNG/JPEG.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    dueDate: date('due_date').notNull(),
    paidAt: date('paid_at'),
    attachmentKey: text('attachment_key'),
    /** The file name the browser sent, for showing and downloading only (never a storage key). */
    attachmentName: text('attachment_name'),
    attachmentContentType: text('attachment_content_type'),
    attachmentSize: integer('attachment_size'),
    createdById: integer('created_by_id'),
    ...stampColumns(),
  },
  (t) => [
    check('expenses_amount_check', sql`${t.amountCents} BETWEEN 1 AND 9999999999`),
    check(
      'expenses_attachment_check',
      sql`(${t.attachmentKey} IS NULL) = (${t.attachmentName} IS NULL)
        AND (${t.attachmentKey} IS NULL) = (${t.attachmentContentType} IS NULL)
        AND (${t.attachmentKey} IS NULL) = (${t.attachmentSize} IS NULL)`,
    ),
    check(
      'expenses_attachment_type_check',
      sql`${t.attachmentContentType} IN ('application/pdf', 'image/png', 'image/jpeg')`,
    ),
    sameOrganizationAs('expenses_created_by_fkey', t, t.createdById, users),
    uniqueIndex('expenses_organization_id_id_key').on(t.organizationId, t.id),
    index('expenses_due_idx').on(t.organizationId, t.dueDate, t.id),
    index('expenses_unpaid_due_idx')
      .on(t.organizationId, t.dueDate, t.id)
      .where(sql`${t.paidAt} IS NULL`),
    index('expenses_paid_idx')
      .on(t.organizationId, t.paidAt, t.id)
      .where(sql`${t.paidAt} IS NOT NULL`),
    index('expenses_category_idx').on(t.organizationId, sql`lower(${t.category})`),
    index('expenses_description_trgm_idx').using(
      'gin',
      t.organizationId,
      sql`f_unaccent(lower(${t.description})) gin_trgm_ops`,
    ),
    index('expenses_category_trgm_idx').using(
      'gin',
      t.organizationId,
      sql`f_unaccent(lower(${t.category})) gin_trgm_ops`,
    ),
  ],
);
