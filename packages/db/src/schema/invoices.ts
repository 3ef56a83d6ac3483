import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { recordHeadColumns, recordMoneyColumns, rowVersionColumn } from './record-columns.ts';
import { addresses } from './addresses.ts';
import { companies } from './companies.ts';
import { customers, type WithholdingRates } from './customers.ts';
import { transactionNatures } from './transaction-natures.ts';
import { invoiceStatuses } from './invoice-statuses.ts';
import { users } from './users.ts';
import { estimates } from './estimates.ts';
import { maintenancePlans } from './maintenance-plans.ts';

/** 192 random bits, URL-safe: the public signing link cannot be guessed. */
export const newSignToken = () => randomBytes(24).toString('base64url');

/** Service orders ('OS'; invoices in the payloads). */
export const invoices = pgTable(
  'invoices',
  {
    // The number comes from the counters table, name 'invoice'.
    ...recordHeadColumns(),
    statusId: integer('status_id').notNull(),
    /** Copy of the status's state, kept with status_id in the same write, for filters and indexes. */
    state: integer('state').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    paymentDate: date('payment_date'),
    paymentDescription: text('payment_description'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...recordMoneyColumns(),
    /** The share of the discount that came from the estimate (see the migration); 0 otherwise. */
    estimateDiscountCents: bigint('estimate_discount_cents', { mode: 'number' }).notNull().default(0),
    invoiceInfo1: text('invoice_info1'),
    invoiceInfo2: text('invoice_info2'),
    /** What the customer withholds from this order's NFS-e, when it differs from its default (null: the default). */
    nfseWithholdings: jsonb('nfse_withholdings').$type<WithholdingRates>(),
    isPayingJustTheHalf: boolean('is_paying_just_the_half').notNull().default(false),
    payrollBonusCents: bigint('payroll_bonus_cents', { mode: 'number' }).notNull().default(0),
    /** What the customer says is wrong, for the technician before the visit. */
    reportedProblem: text('reported_problem'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** The visit time the customer confirmed on WhatsApp: confirmed while scheduled_at is still it. */
    visitConfirmedFor: timestamp('visit_confirmed_for', { withTimezone: true }),
    /** How long the visit takes (agenda, calendar feed): 15 minutes to 12 hours. */
    durationMinutes: integer('duration_minutes').notNull().default(60),
    /** 'Horário fixo': the day's route proposal never moves this visit. */
    fixedTime: boolean('fixed_time').notNull().default(false),
    /** One of the customer's addresses, where the job is; emptied when that address is deleted. */
    addressId: integer('address_id'),
    /** The public signing link's token: rotated to revoke the link. */
    signToken: text('sign_token')
      .notNull()
      .$defaultFn(() => newSignToken()),
    /** The estimate this order was generated from (same organization; null when made directly). */
    estimateId: integer('estimate_id'),
    /** The maintenance plan whose visit this order is, and the visit's date (kept if the visit moves). */
    maintenancePlanId: integer('maintenance_plan_id'),
    maintenanceDate: date('maintenance_date'),
    createdById: integer('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    rowVersion: rowVersionColumn(),
  },
  (t) => [
    sameOrganizationAs('invoices_company_id_fkey', t, t.companyId, companies),
    sameOrganizationAs('invoices_customer_id_fkey', t, t.customerId, customers),
    sameOrganizationAs('invoices_transaction_nature_id_fkey', t, t.transactionNatureId, transactionNatures),
    sameOrganizationAs('invoices_status_id_fkey', t, t.statusId, invoiceStatuses),
    sameOrganizationAs('invoices_created_by_id_fkey', t, t.createdById, users),
    uniqueIndex('invoices_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('invoices_organization_number_key').on(t.organizationId, t.number),
    index('invoices_organization_customer_idx').on(t.organizationId, t.customerId, t.number),
    index('invoices_organization_company_idx').on(t.organizationId, t.companyId),
    index('invoices_organization_state_idx').on(t.organizationId, t.state, t.number),
    index('invoices_organization_status_idx').on(t.organizationId, t.statusId, t.number),
    index('invoices_organization_paid_idx').on(t.organizationId, t.isPaid, t.number),
    index('invoices_organization_created_idx').on(t.organizationId, t.createdAt),
    index('invoices_organization_finished_idx')
      .on(t.organizationId, t.finishedAt)
      .where(sql`${t.state} = 20`),
    index('invoices_receivable_idx')
      .on(t.organizationId, t.finishedAt)
      .where(sql`${t.state} = 20 AND NOT ${t.isPaid}`),
    check('invoices_duration_minutes_check', sql`${t.durationMinutes} BETWEEN 15 AND 720`),
    index('invoices_organization_scheduled_idx')
      .on(t.organizationId, t.scheduledAt)
      .where(sql`${t.scheduledAt} IS NOT NULL`),
    index('invoices_open_scheduled_idx')
      .on(t.organizationId, t.scheduledAt, t.number.desc())
      .where(sql`${t.state} NOT IN (20, -100) AND NOT ${t.isPaid}`),
    check('invoices_discount_check', sql`${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.subtotalCents}`),
    index('invoices_estimate_idx')
      .on(t.estimateId, t.number)
      .where(sql`${t.estimateId} IS NOT NULL`),
    sameOrganizationAs('invoices_estimate_fkey', t, t.estimateId, estimates),
    sameOrganizationAs('invoices_address_fkey', t, t.addressId, addresses).onDelete('set null'),
    index('invoices_address_idx')
      .on(t.addressId)
      .where(sql`${t.addressId} IS NOT NULL`),
    sameOrganizationAs('invoices_maintenance_plan_fkey', t, t.maintenancePlanId, maintenancePlans),
    check('invoices_maintenance_check', sql`(${t.maintenancePlanId} IS NULL) = (${t.maintenanceDate} IS NULL)`),
    uniqueIndex('invoices_maintenance_visit_key')
      .on(t.maintenancePlanId, t.maintenanceDate)
      .where(sql`${t.maintenancePlanId} IS NOT NULL`),
    check('invoices_bonus_check', sql`${t.payrollBonusCents} >= 0`),
    check('invoices_estimate_discount_check', sql`${t.estimateDiscountCents} >= 0`),
  ],
);
