import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizationColumn } from './record-columns.ts';
import { maintenancePlans } from './maintenance-plans.ts';
import { users } from './users.ts';

/** A plan's air-quality report of a year (CO₂, fungi…): a PDF in the file storage, one per year. */
export const maintenancePlanAirReports = pgTable(
  'maintenance_plan_air_reports',
  {
    organizationId: organizationColumn(),
    planId: integer('plan_id').notNull(),
    year: integer('year').notNull(),
    fileKey: text('file_key').notNull(),
    /** The name the browser sent, for showing only. */
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedById: integer('uploaded_by_id'),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.year] }),
    check('maintenance_plan_air_reports_year_check', sql`${t.year} BETWEEN 2000 AND 2100`),
    sameOrganizationAs('maintenance_plan_air_reports_plan_fkey', t, t.planId, maintenancePlans).onDelete('cascade'),
    sameOrganizationAs('maintenance_plan_air_reports_uploaded_by_fkey', t, t.uploadedById, users),
  ],
);
