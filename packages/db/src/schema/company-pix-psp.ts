import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizationColumn, stampColumns } from './record-columns.ts';
import { companies } from './companies.ts';

/**
 * A company's connection to its PSP's API Pix and the rules of its charges. The client secret, the
 * certificate, its password and the webhook's token are sealed (see modules/pix/pix-psp.service.ts);
 * the webhook is found by `webhookTokenHash`. The four connection columns are set together.
 */
export const companyPixPsp = pgTable(
  'company_pix_psp',
  {
    organizationId: organizationColumn(),
    companyId: integer('company_id').notNull(),
    baseUrl: text('base_url'),
    tokenUrl: text('token_url'),
    clientId: text('client_id'),
    clientSecret: text('client_secret'),
    scopes: text('scopes'),
    certificatePfx: text('certificate_pfx'),
    certificatePassword: text('certificate_password'),
    certificateSubject: text('certificate_subject'),
    certificateNotAfter: timestamp('certificate_not_after', { withTimezone: true }),
    certificateUploadedAt: timestamp('certificate_uploaded_at', { withTimezone: true }),
    webhookToken: text('webhook_token').notNull(),
    webhookTokenHash: text('webhook_token_hash').notNull(),
    webhookStatus: text('webhook_status').$type<'pending' | 'registered' | 'failed'>().notNull().default('pending'),
    webhookError: text('webhook_error'),
    webhookRegisteredAt: timestamp('webhook_registered_at', { withTimezone: true }),
    /** The PIX key the webhook was last registered (or tried) for: a new key of the company is registered again. */
    webhookChave: text('webhook_chave'),
    /** The APP_URL the webhook was last registered (or tried) for: under another address it is registered again. */
    webhookAppUrl: text('webhook_app_url'),
    /** The address the recurrences' and recurring charges' webhooks (/webhookrec, /webhookcobr) were registered for. */
    automaticoWebhookUrl: text('automatico_webhook_url'),
    expiryDays: smallint('expiry_days').notNull().default(7),
    finePercent: numeric('fine_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    interestPercentPerMonth: numeric('interest_percent_per_month', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    discountDaysBefore: smallint('discount_days_before').notNull().default(0),
    /** How many days after its due date an instalment's charge can still be paid. */
    validityAfterDueDays: smallint('validity_after_due_days').notNull().default(30),
    /** The reconciliation read the PSP's Pix up to here. */
    reconciledUntil: timestamp('reconciled_until', { withTimezone: true }),
    /** An instance reading this company's Pix holds it until then. */
    reconcileLeaseUntil: timestamp('reconcile_lease_until', { withTimezone: true }),
    ...stampColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.companyId] }),
    sameOrganizationAs('company_pix_psp_company_fkey', t, t.companyId, companies).onDelete('cascade'),
    check(
      'company_pix_psp_connection_check',
      sql`(${t.baseUrl} IS NULL) = (${t.tokenUrl} IS NULL) AND (${t.baseUrl} IS NULL) = (${t.clientId} IS NULL) AND (${t.baseUrl} IS NULL) = (${t.clientSecret} IS NULL)`,
    ),
    check('company_pix_psp_webhook_status_check', sql`${t.webhookStatus} IN ('pending', 'registered', 'failed')`),
    check('company_pix_psp_expiry_check', sql`${t.expiryDays} BETWEEN 1 AND 90`),
    check(
      'company_pix_psp_rules_check',
      sql`${t.finePercent} BETWEEN 0 AND 20 AND ${t.interestPercentPerMonth} BETWEEN 0 AND 10 AND ${t.discountPercent} BETWEEN 0 AND 50 AND ${t.discountDaysBefore} BETWEEN 0 AND 60`,
    ),
    check('company_pix_psp_validity_after_due_check', sql`${t.validityAfterDueDays} BETWEEN 0 AND 365`),
    uniqueIndex('company_pix_psp_webhook_token_key').on(t.webhookTokenHash),
  ],
);
