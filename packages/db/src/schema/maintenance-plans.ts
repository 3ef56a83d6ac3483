import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizationColumn, rowVersionColumn, stampColumns } from './record-columns.ts';
import { addresses } from './addresses.ts';
import { checklistTemplates } from './checklist-templates.ts';
import { companies } from './companies.ts';
import { customers } from './customers.ts';
import { equipments } from './equipments.ts';
import { services } from './services.ts';
import { transactionNatures } from './transaction-natures.ts';
import { users } from './users.ts';

/**
 * Maintenance plans (PMOC): a customer's equipment serviced on a schedule, each visit a service order
 * made `leadDays` ahead. `nextIndex`/`nextDate` are the first visit whose order is not made yet.
 */
export const maintenancePlans = pgTable(
  'maintenance_plans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    companyId: integer('company_id').notNull(),
    customerId: integer('customer_id').notNull(),
    transactionNatureId: integer('transaction_nature_id').notNull(),
    /** The building: one of the customer's addresses (emptied when that address is deleted). */
    addressId: integer('address_id'),
    /** monthly | bimonthly | quarterly | semiannual | annual */
    frequency: text('frequency').notNull(),
    startDate: date('start_date').notNull(),
    leadDays: integer('lead_days').notNull().default(15),
    checklistTemplateId: integer('checklist_template_id'),
    workerId: integer('worker_id'),
    engineerName: text('engineer_name'),
    /** CREA or CFT. */
    engineerRegistration: text('engineer_registration'),
    artNumber: text('art_number'),
    /** The building's name as the PMOC identifies it (the address is addressId's). */
    buildingName: text('building_name'),
    /** owner | tenant | agent: the customer's standing in the building. */
    customerRole: text('customer_role').notNull().default('owner'),
    /** The technical lead's recommendations, printed on the PMOC document. */
    recommendations: text('recommendations'),
    nextIndex: integer('next_index').notNull().default(0),
    nextDate: date('next_date').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdById: integer('created_by_id'),
    ...stampColumns(),
    rowVersion: rowVersionColumn(),
  },
  (t) => [
    check(
      'maintenance_plans_frequency_check',
      sql`${t.frequency} IN ('monthly', 'bimonthly', 'quarterly', 'semiannual', 'annual')`,
    ),
    check('maintenance_plans_lead_days_check', sql`${t.leadDays} BETWEEN 0 AND 90`),
    check('maintenance_plans_next_index_check', sql`${t.nextIndex} >= 0`),
    check('maintenance_plans_customer_role_check', sql`${t.customerRole} IN ('owner', 'tenant', 'agent')`),
    sameOrganizationAs('maintenance_plans_company_id_fkey', t, t.companyId, companies),
    sameOrganizationAs('maintenance_plans_customer_id_fkey', t, t.customerId, customers),
    sameOrganizationAs('maintenance_plans_transaction_nature_id_fkey', t, t.transactionNatureId, transactionNatures),
    sameOrganizationAs('maintenance_plans_address_fkey', t, t.addressId, addresses).onDelete('set null'),
    sameOrganizationAs('maintenance_plans_checklist_template_fkey', t, t.checklistTemplateId, checklistTemplates),
    sameOrganizationAs('maintenance_plans_worker_fkey', t, t.workerId, users),
    sameOrganizationAs('maintenance_plans_created_by_fkey', t, t.createdById, users),
    uniqueIndex('maintenance_plans_organization_id_id_key').on(t.organizationId, t.id),
    index('maintenance_plans_organization_idx').on(t.organizationId, t.endedAt, t.id),
    index('maintenance_plans_customer_idx').on(t.organizationId, t.customerId),
    index('maintenance_plans_company_idx').on(t.organizationId, t.companyId),
    index('maintenance_plans_due_idx')
      .on(t.nextDate)
      .where(sql`${t.endedAt} IS NULL`),
  ],
);

/** The plan's equipment, in the order chosen. */
export const maintenancePlanEquipments = pgTable(
  'maintenance_plan_equipments',
  {
    organizationId: organizationColumn(),
    planId: integer('plan_id').notNull(),
    equipmentId: integer('equipment_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.equipmentId] }),
    sameOrganizationAs('maintenance_plan_equipments_plan_fkey', t, t.planId, maintenancePlans).onDelete('cascade'),
    sameOrganizationAs('maintenance_plan_equipments_equipment_fkey', t, t.equipmentId, equipments).onDelete('cascade'),
    index('maintenance_plan_equipments_equipment_idx').on(t.equipmentId),
  ],
);

/** The services each visit's order gets, with their quantity. */
export const maintenancePlanServices = pgTable(
  'maintenance_plan_services',
  {
    organizationId: organizationColumn(),
    planId: integer('plan_id').notNull(),
    serviceId: integer('service_id').notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.serviceId] }),
    check('maintenance_plan_services_quantity_check', sql`${t.quantity} BETWEEN 1 AND 100000`),
    sameOrganizationAs('maintenance_plan_services_plan_fkey', t, t.planId, maintenancePlans).onDelete('cascade'),
    sameOrganizationAs('maintenance_plan_services_service_fkey', t, t.serviceId, services),
    index('maintenance_plan_services_service_idx').on(t.serviceId),
  ],
);
