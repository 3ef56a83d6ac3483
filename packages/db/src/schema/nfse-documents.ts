import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sameOrganization, sameOrganizationAs } from './tenancy.ts';
import { organizationColumn, stampColumns } from './record-columns.ts';
import { companies } from './companies.ts';
import { invoices } from './invoices.ts';
import { users } from './users.ts';

export type NfseStatus = 'processing' | 'issued' | 'rejected' | 'canceled' | 'substituted';

/** What the taker withholds, as rates in percent, and the amounts in cents the NFS-e declared. */
export interface NfseWithholdingsRecord {
  rates?: {
    pis?: number | null;
    cofins?: number | null;
    csll?: number | null;
    irrf?: number | null;
    cp?: number | null;
  };
  cents?: { pis: number; cofins: number; csll: number; irrf: number; cp: number };
}

/**
 * An order's NFS-e: one row per DPS sent. 'processing' rows are the sending job's queue
 * (next_attempt_at, lease_until while an instance sends it); an order has at most one processing or
 * issued row (besides the one substituting it, `replacesId`), and a company's environment, series and
 * number are used once.
 */
export const nfseDocuments = pgTable(
  'nfse_documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    invoiceId: integer('invoice_id').notNull(),
    companyId: integer('company_id').notNull(),
    status: text('status').$type<NfseStatus>().notNull().default('processing'),
    environment: text('environment').$type<'homologation' | 'production'>().notNull(),
    dpsSeries: text('dps_series').notNull(),
    dpsNumber: bigint('dps_number', { mode: 'number' }).notNull(),
    /** infDPS's Id (45 characters). */
    dpsId: text('dps_id').notNull(),
    /** The signed DPS as sent. */
    dpsXml: text('dps_xml').notNull(),
    /** chaveAcesso (50 digits) and nNFSe, from the national system's answer. */
    accessKey: text('access_key'),
    nfseNumber: text('nfse_number'),
    nfseXml: text('nfse_xml'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    errors: jsonb('errors').$type<Array<{ code: string; message: string }>>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Why the last attempt failed to reach the national system (it is tried again). */
    lastError: text('last_error'),
    cancelReason: text('cancel_reason'),
    /** The signed cancellation request sent, and the event the national system answered. */
    cancelRequestXml: text('cancel_request_xml'),
    cancelEventXml: text('cancel_event_xml'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** The document this one substitutes (subst in the DPS), with the code and reason of the substitution. */
    replacesId: integer('replaces_id'),
    substitutionCode: text('substitution_code'),
    substitutionReason: text('substitution_reason'),
    /** The values declared: the service, the discount, the ISS, what the taker withholds and the net (vLiq). */
    serviceCents: bigint('service_cents', { mode: 'number' }),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    issRate: numeric('iss_rate', { precision: 5, scale: 2, mode: 'number' }),
    issCents: bigint('iss_cents', { mode: 'number' }),
    issWithheld: boolean('iss_withheld').notNull().default(false),
    withholdings: jsonb('withholdings').$type<NfseWithholdingsRecord>().notNull().default({}),
    withheldCents: bigint('withheld_cents', { mode: 'number' }).notNull().default(0),
    netCents: bigint('net_cents', { mode: 'number' }),
    /** When the national system was last asked whether the NFS-e still stands. */
    statusCheckedAt: timestamp('status_checked_at', { withTimezone: true }),
    createdById: integer('created_by_id'),
    ...stampColumns(),
  },
  (t) => [
    check(
      'nfse_documents_status_check',
      sql`${t.status} IN ('processing', 'issued', 'rejected', 'canceled', 'substituted')`,
    ),
    sameOrganizationAs('nfse_documents_invoice_fkey', t, t.invoiceId, invoices),
    sameOrganizationAs('nfse_documents_company_fkey', t, t.companyId, companies),
    sameOrganizationAs('nfse_documents_created_by_fkey', t, t.createdById, users),
    sameOrganization(
      'nfse_documents_replaces_fkey',
      { organizationId: t.organizationId, column: t.replacesId },
      { organizationId: t.organizationId, id: t.id },
    ),
    check(
      'nfse_documents_substitution_check',
      sql`(${t.replacesId} IS NULL AND ${t.substitutionCode} IS NULL) OR (${t.replacesId} IS NOT NULL AND ${t.substitutionCode} IN ('01', '02', '03', '04', '05', '99'))`,
    ),
    uniqueIndex('nfse_documents_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('nfse_documents_live_key')
      .on(t.invoiceId)
      .where(sql`${t.status} IN ('processing', 'issued') AND ${t.replacesId} IS NULL`),
    uniqueIndex('nfse_documents_substitute_key')
      .on(t.replacesId)
      .where(sql`${t.status} IN ('processing', 'issued')`),
    uniqueIndex('nfse_documents_dps_key').on(t.companyId, t.environment, t.dpsSeries, t.dpsNumber),
    index('nfse_documents_invoice_idx').on(t.organizationId, t.invoiceId, t.id),
    index('nfse_documents_issued_idx')
      .on(t.organizationId, t.issuedAt)
      .where(sql`${t.issuedAt} IS NOT NULL`),
    index('nfse_documents_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'processing'`),
  ],
);
