import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizationColumn, rowVersionColumn, stampColumns } from './record-columns.ts';
import { companies } from './companies.ts';
import { customers } from './customers.ts';
import { invoices } from './invoices.ts';
import { maintenancePlans } from './maintenance-plans.ts';
import { receivables } from './receivables.ts';
import { users } from './users.ts';

/**
 * Maintenance contracts: a customer served by a company for an amount per period, charged on a billing
 * day from the start until the end (none: open-ended). `nextBillingDate` is the first period not billed
 * yet (null when none is left); the billing job reads active contracts by it.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    companyId: integer('company_id').notNull(),
    customerId: integer('customer_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** monthly | bimonthly | quarterly | semiannual | annual */
    periodicity: text('periodicity').notNull().default('monthly'),
    billingDay: integer('billing_day').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    readjustmentIndex: text('readjustment_index'),
    issueNfse: boolean('issue_nfse').notNull().default(false),
    /** ativo | suspenso | encerrado */
    status: text('status').notNull().default('ativo'),
    notes: text('notes'),
    holdVisitsAfterDays: integer('hold_visits_after_days'),
    nextBillingDate: date('next_billing_date'),
    /** The billing date whose notice (three days before) was sent: each once. */
    remindedFor: date('reminded_for'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdById: integer('created_by_id'),
    ...stampColumns(),
    rowVersion: rowVersionColumn(),
  },
  (t) => [
    check('contracts_amount_check', sql`${t.amountCents} > 0`),
    check(
      'contracts_periodicity_check',
      sql`${t.periodicity} IN ('monthly', 'bimonthly', 'quarterly', 'semiannual', 'annual')`,
    ),
    check('contracts_billing_day_check', sql`${t.billingDay} BETWEEN 1 AND 31`),
    check('contracts_status_check', sql`${t.status} IN ('ativo', 'suspenso', 'encerrado')`),
    check('contracts_end_check', sql`${t.endDate} IS NULL OR ${t.endDate} >= ${t.startDate}`),
    check('contracts_hold_check', sql`${t.holdVisitsAfterDays} IS NULL OR ${t.holdVisitsAfterDays} BETWEEN 1 AND 365`),
    sameOrganizationAs('contracts_company_id_fkey', t, t.companyId, companies),
    sameOrganizationAs('contracts_customer_id_fkey', t, t.customerId, customers),
    sameOrganizationAs('contracts_created_by_fkey', t, t.createdById, users),
    uniqueIndex('contracts_organization_id_id_key').on(t.organizationId, t.id),
    index('contracts_organization_status_idx').on(t.organizationId, t.status, t.id),
    index('contracts_customer_idx').on(t.organizationId, t.customerId),
    index('contracts_due_idx')
      .on(t.nextBillingDate)
      .where(sql`${t.status} = 'ativo' AND ${t.nextBillingDate} IS NOT NULL`),
  ],
);

/** The maintenance plans a contract covers. */
export const contractPlans = pgTable(
  'contract_plans',
  {
    organizationId: organizationColumn(),
    contractId: integer('contract_id').notNull(),
    planId: integer('plan_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.planId] }),
    sameOrganizationAs('contract_plans_contract_fkey', t, t.contractId, contracts).onDelete('cascade'),
    sameOrganizationAs('contract_plans_plan_fkey', t, t.planId, maintenancePlans).onDelete('cascade'),
    index('contract_plans_plan_idx').on(t.planId),
  ],
);

/** The readjustments applied, one per anniversary: the index, the percentage typed, the amounts. */
export const contractReadjustments = pgTable(
  'contract_readjustments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    contractId: integer('contract_id').notNull(),
    anniversary: date('anniversary').notNull(),
    indexName: text('index_name').notNull(),
    percent: numeric('percent', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    amountBeforeCents: bigint('amount_before_cents', { mode: 'number' }).notNull(),
    amountAfterCents: bigint('amount_after_cents', { mode: 'number' }).notNull(),
    createdById: integer('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganizationAs('contract_readjustments_contract_fkey', t, t.contractId, contracts).onDelete('cascade'),
    sameOrganizationAs('contract_readjustments_created_by_fkey', t, t.createdById, users),
    uniqueIndex('contract_readjustments_anniversary_key').on(t.contractId, t.anniversary),
  ],
);

/**
 * Each period billed: one row per contract and billing date (the unique key that makes billing happen
 * once whatever runs), the order and instalment it made, and where its NFS-e stands.
 */
export const contractPeriods = pgTable(
  'contract_periods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    contractId: integer('contract_id').notNull(),
    periodDate: date('period_date').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    invoiceId: integer('invoice_id'),
    receivableId: integer('receivable_id'),
    /** none | pending (to issue) | requested (issued or being sent) | failed */
    nfseStatus: text('nfse_status').notNull().default('none'),
    nfseError: text('nfse_error'),
    /** The late reminders sent (overdue1, overdue7), each once. */
    remindersSent: text('reminders_sent')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('contract_periods_nfse_check', sql`${t.nfseStatus} IN ('none', 'pending', 'requested', 'failed')`),
    sameOrganizationAs('contract_periods_contract_fkey', t, t.contractId, contracts).onDelete('cascade'),
    // In the database SET NULL clears only invoice_id / receivable_id: an instalment dropped (the order
    // paid at once or cancelled) leaves the period billed.
    sameOrganizationAs('contract_periods_invoice_fkey', t, t.invoiceId, invoices).onDelete('set null'),
    sameOrganizationAs('contract_periods_receivable_fkey', t, t.receivableId, receivables).onDelete('set null'),
    uniqueIndex('contract_periods_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('contract_periods_period_key').on(t.contractId, t.periodDate),
    index('contract_periods_organization_date_idx').on(t.organizationId, t.periodDate),
    index('contract_periods_receivable_idx').on(t.receivableId),
    index('contract_periods_receivable_date_idx')
      .on(t.organizationId, t.periodDate)
      .where(sql`${t.receivableId} IS NOT NULL`),
    index('contract_periods_nfse_pending_idx')
      .on(t.id)
      .where(sql`${t.nfseStatus} = 'pending'`),
  ],
);
