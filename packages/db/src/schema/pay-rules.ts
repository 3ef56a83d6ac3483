import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationColumn, stampColumns } from './record-columns.ts';
import { users } from './users.ts';
import { services } from './services.ts';
import { sameOrganizationAs } from './tenancy.ts';

export type PayRuleKindValue = 'fixed' | 'percentage' | 'per_service';

/**
 * A version of how a collaborator is paid per completed service order, in force from `validFrom` (a
 * calendar day of the organization) until their next version. Before the first one,
 * `users.payment_value_cents` (a fixed amount per order) is the rule. See `packages/db/src/pay.ts`.
 */
export const payRules = pgTable(
  'pay_rules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    userId: integer('user_id').notNull(),
    validFrom: date('valid_from').notNull(),
    kind: text('kind').$type<PayRuleKindValue>().notNull(),
    fixedCents: bigint('fixed_cents', { mode: 'number' }).notNull().default(0),
    /** Hundredths of a percent: 1050 is 10,5 %. */
    servicesBasisPoints: integer('services_basis_points').notNull().default(0),
    productsBasisPoints: integer('products_basis_points').notNull().default(0),
    /** Per km the worker drove to the order (their stamps), on top of the kind's amount. */
    kmRateCents: bigint('km_rate_cents', { mode: 'number' }).notNull().default(0),
    createdById: integer('created_by_id'),
    ...stampColumns(),
  },
  (t) => [
    sameOrganizationAs('pay_rules_user_fkey', t, t.userId, users),
    sameOrganizationAs('pay_rules_created_by_fkey', t, t.createdById, users),
    check('pay_rules_kind_check', sql`${t.kind} IN ('fixed', 'percentage', 'per_service')`),
    check('pay_rules_fixed_check', sql`${t.fixedCents} >= 0`),
    check('pay_rules_km_rate_check', sql`${t.kmRateCents} >= 0`),
    check(
      'pay_rules_percent_check',
      sql`${t.servicesBasisPoints} BETWEEN 0 AND 10000 AND ${t.productsBasisPoints} BETWEEN 0 AND 10000`,
    ),
    uniqueIndex('pay_rules_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('pay_rules_user_valid_from_key').on(t.userId, t.validFrom),
  ],
);

/** A per-service version's rates: what one unit of a catalogue service earns. */
export const payRuleServices = pgTable(
  'pay_rule_services',
  {
    organizationId: organizationColumn(),
    payRuleId: integer('pay_rule_id').notNull(),
    serviceId: integer('service_id').notNull(),
    rateCents: bigint('rate_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.payRuleId, t.serviceId] }),
    sameOrganizationAs('pay_rule_services_rule_fkey', t, t.payRuleId, payRules).onDelete('cascade'),
    sameOrganizationAs('pay_rule_services_service_fkey', t, t.serviceId, services),
    check('pay_rule_services_rate_check', sql`${t.rateCents} > 0`),
    index('pay_rule_services_service_idx').on(t.serviceId),
  ],
);
