import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizationColumn } from './record-columns.ts';
import { invoices } from './invoices.ts';
import { paymentMethodsSql, receivables } from './receivables.ts';
import { users } from './users.ts';

/**
 * Money received for an order, several per order (a PIX deposit, then the rest). `invoices.is_paid` is
 * true while these cover the order's total. `method` is null only where none was given (orders paid
 * before payments existed, the old 'Pagar' without a method); `receivableId` is the instalment it paid.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    invoiceId: integer('invoice_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** pix | dinheiro | cartao_credito | cartao_debito | boleto | transferencia; null: not given. */
    method: text('method'),
    paidAt: date('paid_at').notNull(),
    note: text('note'),
    receivableId: integer('receivable_id'),
    createdById: integer('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoice_payments_amount_check', sql`${t.amountCents} > 0`),
    check('invoice_payments_method_check', sql`${t.method} IN ${paymentMethodsSql}`),
    sameOrganizationAs('invoice_payments_invoice_fkey', t, t.invoiceId, invoices),
    sameOrganizationAs('invoice_payments_receivable_fkey', t, t.receivableId, receivables),
    sameOrganizationAs('invoice_payments_created_by_fkey', t, t.createdById, users),
    uniqueIndex('invoice_payments_organization_id_id_key').on(t.organizationId, t.id),
    index('invoice_payments_organization_paid_idx').on(t.organizationId, t.paidAt),
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.paidAt),
    uniqueIndex('invoice_payments_receivable_key')
      .on(t.receivableId)
      .where(sql`${t.receivableId} IS NOT NULL`),
  ],
);
