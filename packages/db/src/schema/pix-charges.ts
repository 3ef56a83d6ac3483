import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganization } from './tenancy.ts';
import { organizationColumn, stampColumns } from './record-columns.ts';
import { companies } from './companies.ts';
import { invoices } from './invoices.ts';

export type PixChargeStatus =
  'creating' | 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP' | 'EXPIRADA';

/**
 * An order's charge at its company's PSP. At most one open ('creating' — its txid stored before the PSP
 * is asked — or 'ATIVA') per order; the others are its history. The txid is unique per company.
 */
export const pixCharges = pgTable(
  'pix_charges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    companyId: integer('company_id').notNull(),
    invoiceId: integer('invoice_id').notNull(),
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
    uniqueIndex('pix_charges_open_key')
      .on(t.invoiceId)
      .where(sql`${t.status} IN ('creating', 'ATIVA')`),
  ],
);
