import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizationColumn, stampColumns } from './record-columns.ts';
import { companies } from './companies.ts';

/**
 * A company's NFS-e settings and its A1 certificate (either may come first: the settings are saved
 * when municipalityCode is set). The certificate and its password are kept
 * encrypted (see modules/nfse/certificate-store.ts); `nextDpsNumber` is taken under the row's lock.
 */
export const companyFiscalSettings = pgTable(
  'company_fiscal_settings',
  {
    organizationId: organizationColumn(),
    companyId: integer('company_id').notNull(),
    /** IBGE code (7 digits) of the municipality the company issues in. */
    municipalityCode: text('municipality_code'),
    /** Inscrição municipal. */
    municipalRegistration: text('municipal_registration'),
    /** opSimpNac: 1 not in the Simples Nacional, 2 MEI, 3 ME/EPP. */
    simplesNacional: smallint('simples_nacional'),
    /** regApTribSN (only with simplesNacional 3). */
    regApTribSN: smallint('reg_ap_trib_sn'),
    /** regEspTrib: 0 none … 6. */
    specialRegime: smallint('special_regime').notNull().default(0),
    /** cTribNac: the company's default national service code (6 digits). */
    serviceCode: text('service_code'),
    /** ISS rate in percent (2.5 = 2,5 %); null: the municipality's. */
    issRate: numeric('iss_rate', { precision: 5, scale: 2, mode: 'number' }),
    environment: text('environment').$type<'homologation' | 'production'>().notNull().default('homologation'),
    dpsSeries: text('dps_series').notNull().default('1'),
    nextDpsNumber: bigint('next_dps_number', { mode: 'number' }).notNull().default(1),
    /** IBSCBS in the DPS: the operation indicator (cIndOp), CST and cClassTrib. */
    ibsCbs: boolean('ibs_cbs').notNull().default(false),
    ibsCbsOperation: text('ibs_cbs_operation'),
    ibsCbsCst: text('ibs_cbs_cst'),
    ibsCbsClass: text('ibs_cbs_class'),
    /** Whether the order's products (parts) count in the NFS-e's service value; false: services only. */
    materialsIncluded: boolean('materials_included').notNull().default(true),
    certificatePfx: text('certificate_pfx'),
    certificatePassword: text('certificate_password'),
    certificateSubject: text('certificate_subject'),
    certificateCnpj: text('certificate_cnpj'),
    certificateNotAfter: timestamp('certificate_not_after', { withTimezone: true }),
    certificateUploadedAt: timestamp('certificate_uploaded_at', { withTimezone: true }),
    /** When the admins were told it expires soon (emptied by a new certificate). */
    certificateWarnedAt: timestamp('certificate_warned_at', { withTimezone: true }),
    ...stampColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.companyId] }),
    sameOrganizationAs('company_fiscal_settings_company_fkey', t, t.companyId, companies).onDelete('cascade'),
    check('company_fiscal_settings_municipality_check', sql`${t.municipalityCode} ~ '^[0-9]{7}$'`),
    check('company_fiscal_settings_simples_check', sql`${t.simplesNacional} IN (1, 2, 3)`),
    check('company_fiscal_settings_service_code_check', sql`${t.serviceCode} ~ '^[0-9]{6}$'`),
    check('company_fiscal_settings_series_check', sql`${t.dpsSeries} ~ '^[0-9]{1,5}$'`),
    index('company_fiscal_settings_not_after_idx')
      .on(t.certificateNotAfter)
      .where(sql`${t.certificateNotAfter} IS NOT NULL AND ${t.certificateWarnedAt} IS NULL`),
  ],
);
