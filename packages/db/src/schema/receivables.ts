import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizationColumn } from './record-columns.ts';
import { invoices } from './invoices.ts';
import { users } from './users.ts';

/** The payment methods a payment or an instalment may name (pt-BR labels in the contracts). */
export const paymentMethodsSql = sql.raw(
  `('pix', 'dinheiro', 'cartao_credito', 'cartao_debito', 'boleto', 'transferencia')`,
);

/**
 * An order's instalment ('parcela'): an amount due on a date, received when `paymentId` is set (the
 * payment that paid it; deleting that payment reopens it). Open and past its due date is overdue; the
 * bell tells the admins once (`overdueNotifiedAt`). The foreign key of `paymentId` to
 * `invoice_payments` (ON DELETE SET NULL) is in the migration only: the two tables point at each other.
 */
export const receivables = pgTable(
  'receivables',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    invoiceId: integer('invoice_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    dueDate: date('due_date').notNull(),
    /** pix | dinheiro | cartao_credito | cartao_debito | boleto | transferencia */
    method: text('method').notNull(),
    installmentNumber: integer('installment_number').notNull(),
    installmentCount: integer('installment_count').notNull(),
    paymentId: integer('payment_id'),
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    createdById: integer('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('receivables_amount_check', sql`${t.amountCents} > 0`),
    check('receivables_method_check', sql`${t.method} IN ${paymentMethodsSql}`),
    check(
      'receivables_installment_check',
      sql`${t.installmentCount} >= 1 AND ${t.installmentNumber} BETWEEN 1 AND ${t.installmentCount}`,
    ),
    sameOrganizationAs('receivables_invoice_fkey', t, t.invoiceId, invoices),
    sameOrganizationAs('receivables_created_by_fkey', t, t.createdById, users),
    uniqueIndex('receivables_organization_id_id_key').on(t.organizationId, t.id),
    index('receivables_organization_due_idx').on(t.organizationId, t.dueDate),
    index('receivables_open_due_idx')
      .on(t.organizationId, t.dueDate)
      .where(sql`${t.paymentId} IS NULL`),
    index('receivables_invoice_idx').on(t.invoiceId, t.dueDate),
    index('receivables_unnotified_idx')
      .on(t.dueDate)
      .where(sql`${t.paymentId} IS NULL AND ${t.overdueNotifiedAt} IS NULL`),
    uniqueIndex('receivables_payment_key')
      .on(t.paymentId)
      .where(sql`${t.paymentId} IS NOT NULL`),
  ],
);
