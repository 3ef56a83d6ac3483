import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizationColumn } from './record-columns.ts';
import { maintenancePlans } from './maintenance-plans.ts';

/** The rooms a plan's air conditioning serves, as the PMOC lists them, in the order typed. */
export const maintenancePlanRooms = pgTable(
  'maintenance_plan_rooms',
  {
    organizationId: organizationColumn(),
    planId: integer('plan_id').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    areaM2: numeric('area_m2', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    fixedOccupants: integer('fixed_occupants').notNull(),
    floatingOccupants: integer('floating_occupants').notNull(),
    thermalLoadBtuh: integer('thermal_load_btuh').notNull(),
    /** Outdoor air brought in, m³/h. */
    outdoorAirM3h: integer('outdoor_air_m3h').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.position] }),
    check(
      'maintenance_plan_rooms_values_check',
      sql`${t.areaM2} > 0 AND ${t.fixedOccupants} >= 0 AND ${t.floatingOccupants} >= 0 AND ${t.thermalLoadBtuh} >= 0 AND ${t.outdoorAirM3h} >= 0`,
    ),
    sameOrganizationAs('maintenance_plan_rooms_plan_fkey', t, t.planId, maintenancePlans).onDelete('cascade'),
  ],
);
