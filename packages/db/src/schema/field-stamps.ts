import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StampKind } from '@ordem-certa/contracts';
import { invoices } from './invoices.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * A technician's stamp on an order ('A caminho', 'Cheguei', 'Iniciar', 'Pausar', 'Retomar', 'Saí'), as the
 * phone made it: its time then (`device_at`, what the time on the job is summed by) and when the server
 * got it. The position is kept until the organization's retention period ends; then it is cleared
 * (`reduced_at`) and only the times stay. One stamp per technician, order, kind and device time: a replay
 * is the same row.
 */
export const fieldStamps = pgTable(
  'field_stamps',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    invoiceId: integer('invoice_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<StampKind>().notNull(),
    deviceAt: timestamp('device_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy: doublePrecision('accuracy'),
    distanceMeters: integer('distance_meters'),
    distanceWarning: boolean('distance_warning').notNull().default(false),
    reason: text('reason'),
    automatic: boolean('automatic').notNull().default(false),
    clockSkewed: boolean('clock_skewed').notNull().default(false),
    skewSeconds: integer('skew_seconds'),
    etaAt: timestamp('eta_at', { withTimezone: true }),
    etaSource: text('eta_source').$type<'router' | 'straight'>(),
    routeMeters: integer('route_meters'),
    reducedAt: timestamp('reduced_at', { withTimezone: true }),
  },
  (t) => [
    check('field_stamps_kind_check', sql`${t.kind} IN ('travel', 'arrive', 'start', 'pause', 'resume', 'leave')`),
    check('field_stamps_eta_source_check', sql`${t.etaSource} IN ('router', 'straight')`),
    uniqueIndex('field_stamps_once_key').on(t.organizationId, t.invoiceId, t.userId, t.kind, t.deviceAt),
    index('field_stamps_invoice_idx').on(t.organizationId, t.invoiceId, t.deviceAt),
    index('field_stamps_user_idx').on(t.organizationId, t.userId, t.deviceAt),
    index('field_stamps_organization_device_idx').on(t.organizationId, t.deviceAt, t.invoiceId),
    index('field_stamps_positioned_idx')
      .on(t.receivedAt)
      .where(sql`${t.reducedAt} IS NULL`),
    foreignKey({
      name: 'field_stamps_invoice_fkey',
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'field_stamps_user_fkey',
      columns: [t.organizationId, t.userId],
      foreignColumns: [users.organizationId, users.id],
    }),
  ],
);

/** The organization's rules for stamps; no row: the defaults. */
export const fieldSettings = pgTable(
  'field_settings',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.id),
    arrivalWarningMeters: integer('arrival_warning_meters').notNull().default(500),
    retentionMonths: integer('retention_months').notNull().default(12),
    averageSpeedKmh: integer('average_speed_kmh').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('field_settings_warning_check', sql`${t.arrivalWarningMeters} BETWEEN 50 AND 50000`),
    check('field_settings_retention_check', sql`${t.retentionMonths} BETWEEN 1 AND 120`),
    check('field_settings_speed_check', sql`${t.averageSpeedKmh} BETWEEN 5 AND 120`),
  ],
);

/** The geocoding service's answers, by the address's text as asked. Shared by every organization. */
export const geocodeLookups = pgTable('geocode_lookups', {
  query: text('query').primaryKey(),
  /** Null when the service knows no such place. */
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
