import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganization } from './tenancy.ts';
import { organizationColumn, stampColumns } from './record-columns.ts';
import { companies } from './companies.ts';
import { invoices } from './invoices.ts';
import { receivables } from './receivables.ts';

export type PixChargeStatus =
  'creating' | 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP' | 'EXPIRADA';

/**
 * A charge at the company's PSP: an order's immediate one ('cob', at most one open per order) or an
 * instalment's, with its due date ('cobv', at most one open per instalment). Open is 'creating' (its txid
 * stored before the PSP is asked) or 'ATIVA'; the others are history. The txid is unique per company.
 * `receivableId` is emptied when the instalment is replaced or dropped (the job then withdraws the charge).
 */
export const pixCharges = pgTable(
  'pix_charges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    companyId: integer('company_id').notNull(),
    invoiceId: integer('invoice_id').notNull(),
    receivableId: integer('receivable_id'),
    /** The instalment's due date the charge was made or last revised for (cobv only). */
    dueDate: date('due_date'),
    kind: text('kind').$type<'cob' | 'cobv'>().notNull().default('cob'),
    txid: text('txid').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<PixChargeStatus>().notNull().default('creating'),
    location: text('location'),
    pixCopiaECola: text('pix_copia_e_cola'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    ...stampColumns(),
  },
  (t) => [
    sameOrganization(
      'pix_charges_invoice_fkey',
      { organizationId: t.organizationId, column: t.invoiceId },
      invoices,
    ).onDelete('cascade'),
    sameOrganization(
      'pix_charges_receivable_fkey',
      { organizationId: t.organizationId, column: t.receivableId },
      receivables,
    ).onDelete('set null'),
    sameOrganization(
      'pix_charges_company_fkey',
      { organizationId: t.organizationId, column: t.companyId },
      companies,
    ).onDelete('cascade'),
    check('pix_charges_kind_check', sql`${t.kind} IN ('cob', 'cobv')`),
    check('pix_charges_txid_check', sql`${t.txid} ~ '^[a-zA-Z0-9]{26,35}$'`),
    check('pix_charges_amount_check', sql`${t.amountCents} > 0`),
    check(
      'pix_charges_status_check',
      sql`${t.status} IN ('creating', 'ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP', 'EXPIRADA')`,
    ),
    uniqueIndex('pix_charges_txid_key').on(t.organizationId, t.companyId, t.txid),
    check(
      'pix_charges_receivable_kind_check',
      sql`(${t.kind} = 'cob' AND ${t.receivableId} IS NULL AND ${t.dueDate} IS NULL) OR (${t.kind} = 'cobv' AND ${t.dueDate} IS NOT NULL)`,
    ),
    uniqueIndex('pix_charges_open_key')
      .on(t.invoiceId)
      .where(sql`${t.kind} = 'cob' AND ${t.status} IN ('creating', 'ATIVA')`),
    uniqueIndex('pix_charges_receivable_open_key')
      .on(t.receivableId)
      .where(sql`${t.receivableId} IS NOT NULL AND ${t.status} IN ('creating', 'ATIVA')`),
    index('pix_charges_invoice_idx').on(t.invoiceId),
  ],
);
