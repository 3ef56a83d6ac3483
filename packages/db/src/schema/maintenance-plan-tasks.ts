import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizationColumn } from './record-columns.ts';
import { maintenancePlans } from './maintenance-plans.ts';

/** The PMOC's tasks per component (filters, tray, coil…), each with its periodicity, in the order typed. */
export const maintenancePlanTasks = pgTable(
  'maintenance_plan_tasks',
  {
    organizationId: organizationColumn(),
    planId: integer('plan_id').notNull(),
    position: integer('position').notNull(),
    component: text('component').notNull(),
    task: text('task').notNull(),
    /** monthly | bimonthly | quarterly | semiannual | annual */
    frequency: text('frequency').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.position] }),
    check(
      'maintenance_plan_tasks_frequency_check',
      sql`${t.frequency} IN ('monthly', 'bimonthly', 'quarterly', 'semiannual', 'annual')`,
    ),
    sameOrganizationAs('maintenance_plan_tasks_plan_fkey', t, t.planId, maintenancePlans).onDelete('cascade'),
  ],
);
