import { sql } from 'drizzle-orm';
import type { PayBasis } from '@ordem-certa/contracts';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { companies } from './companies.ts';
import { invoiceWorkers } from './invoice-lines.ts';
import { users } from './users.ts';
import { sameOrganizationAs } from './tenancy.ts';

/** A payroll: what one company owes its technicians for the orders completed in a period (dates inclusive). */
export const payrolls = pgTable(
  'payrolls',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    companyId: integer('company_id').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    createdById: integer('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganizationAs('payrolls_created_by_id_fkey', t, t.createdById, users),
    foreignKey({
      name: 'payrolls_company_fkey',
      columns: [t.organizationId, t.companyId],
      foreignColumns: [companies.organizationId, companies.id],
    }),
    check('payrolls_period_check', sql`${t.startDate} <= ${t.endDate}`),
    uniqueIndex('payrolls_organization_id_id_key').on(t.organizationId, t.id),
    index('payrolls_organization_start_idx').on(t.organizationId, t.startDate, t.id),
  ],
);

/**
 * One worker of one completed order in a payroll, with the value computed at generation. An order's
 * worker line (invoice_workers) is in one payroll at most: the unique index on invoice_worker_id.
 * Paying sets paid_at here and on the order's worker line, in one transaction.
 */
export const payrollLines = pgTable(
  'payroll_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    payrollId: integer('payroll_id').notNull(),
    invoiceWorkerId: integer('invoice_worker_id').notNull(),
    invoiceId: integer('invoice_id').notNull(),
    workerId: integer('worker_id').notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    /** How value_cents was computed (rule, bases, shares); null on lines made before pay rules. */
    payBasis: jsonb('pay_basis').$type<PayBasis>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidById: integer('paid_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    sameOrganizationAs('payroll_lines_paid_by_id_fkey', t, t.paidById, users),
    foreignKey({
      name: 'payroll_lines_payroll_fkey',
      columns: [t.organizationId, t.payrollId],
      foreignColumns: [payrolls.organizationId, payrolls.id],
    }).onDelete('cascade'),
    // One check for the order's worker line and the copies of its order and worker.
    foreignKey({
      name: 'payroll_lines_invoice_worker_fkey',
      columns: [t.organizationId, t.invoiceWorkerId, t.invoiceId, t.workerId],
      foreignColumns: [
        invoiceWorkers.organizationId,
        invoiceWorkers.id,
        invoiceWorkers.invoiceId,
        invoiceWorkers.workerId,
      ],
    }),
    check('payroll_lines_value_check', sql`${t.valueCents} >= 0`),
    uniqueIndex('payroll_lines_invoice_worker_key').on(t.invoiceWorkerId),
    index('payroll_lines_payroll_worker_idx').on(t.payrollId, t.workerId, t.invoiceId),
  ],
);
