import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganization } from './tenancy.ts';
import { organizationColumn } from './record-columns.ts';
import { companies } from './companies.ts';
import { invoices } from './invoices.ts';
import { invoicePayments } from './invoice-payments.ts';

/**
 * A Pix the company's PSP reported, once per endToEndId (the unique key makes a repeated webhook or a
 * webhook racing the reconciliation one payment). Without an order it is 'Pix não identificado'.
 */
export const pixReceived = pgTable(
  'pix_received',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    companyId: integer('company_id').notNull(),
    endToEndId: text('end_to_end_id').notNull(),
    txid: text('txid'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    payerInfo: text('payer_info'),
    invoiceId: integer('invoice_id'),
    paymentId: integer('payment_id'),
    source: text('source').$type<'webhook' | 'reconciliation'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganization(
      'pix_received_company_fkey',
      { organizationId: t.organizationId, column: t.companyId },
      companies,
    ).onDelete('cascade'),
    sameOrganization(
      'pix_received_payment_fkey',
      { organizationId: t.organizationId, column: t.paymentId },
      invoicePayments,
    ),
    sameOrganization('pix_received_invoice_fkey', { organizationId: t.organizationId, column: t.invoiceId }, invoices),
    check('pix_received_e2e_check', sql`${t.endToEndId} ~ '^[a-zA-Z0-9]{32}$'`),
    check('pix_received_amount_check', sql`${t.amountCents} > 0`),
    check('pix_received_source_check', sql`${t.source} IN ('webhook', 'reconciliation')`),
    uniqueIndex('pix_received_e2e_key').on(t.organizationId, t.endToEndId),
    uniqueIndex('pix_received_organization_id_id_key').on(t.organizationId, t.id),
    index('pix_received_unidentified_idx')
      .on(t.organizationId, t.paidAt.desc())
      .where(sql`${t.invoiceId} IS NULL`),
  ],
);
