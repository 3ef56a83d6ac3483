import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  DEFAULT_ARRIVAL_WARNING_METERS,
  DEFAULT_AVERAGE_SPEED_KMH,
  DEFAULT_STAMP_RETENTION_MONTHS,
  haversineMeters,
  straightLineSeconds,
  type FieldSettings,
  type Position,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { drivingRoute } from '../../lib/geo-services.ts';
import { assertFound } from '../../core/access/access.ts';

// Where an order's job is and how far a position is from it: the order's address, else the customer's
// first address, when it has coordinates; and the trip's distance and duration, from the routing
// service when there is one, else the straight line at the organization's average speed.

export const defaultFieldSettings: FieldSettings = {
  arrivalWarningMeters: DEFAULT_ARRIVAL_WARNING_METERS,
  retentionMonths: DEFAULT_STAMP_RETENTION_MONTHS,
  averageSpeedKmh: DEFAULT_AVERAGE_SPEED_KMH,
};

/** The organization's rules for stamps (the defaults until it saves its own). */
export async function fieldSettingsOf(db: Db | Tx, organizationId: number): Promise<FieldSettings> {
  const s = schema.fieldSettings;
  const [row] = await db
    .select({
      arrivalWarningMeters: s.arrivalWarningMeters,
      retentionMonths: s.retentionMonths,
      averageSpeedKmh: s.averageSpeedKmh,
    })
    .from(s)
    .where(eq(s.organizationId, organizationId));
  return row ?? defaultFieldSettings;
}

/** PUT field/settings. */
export async function saveFieldSettings(db: Db, organizationId: number, body: FieldSettings) {
  const s = schema.fieldSettings;
  await db
    .insert(s)
    .values({ organizationId, ...body })
    .onConflictDoUpdate({ target: s.organizationId, set: { ...body, updatedAt: new Date() } });
  return fieldSettingsOf(db, organizationId);
}

/** The job's place: the order's address, else the customer's first one, with coordinates; null if none has them. */
export async function jobPlace(db: Db | Tx, organizationId: number, invoiceId: number): Promise<Position | null> {
  const a = schema.addresses;
  const i = schema.invoices;
  const [own] = await db
    .select({ latitude: a.latitude, longitude: a.longitude })
    .from(i)
    .innerJoin(a, and(eq(a.organizationId, i.organizationId), eq(a.id, i.addressId)))
    .where(and(eq(i.organizationId, organizationId), eq(i.id, invoiceId), isNotNull(a.latitude)));
  if (own?.latitude != null && own.longitude != null) return { latitude: own.latitude, longitude: own.longitude };
  const [first] = await db
    .select({ latitude: a.latitude, longitude: a.longitude })
    .from(i)
    .innerJoin(a, and(eq(a.organizationId, i.organizationId), eq(a.customerId, i.customerId)))
    .where(and(eq(i.organizationId, organizationId), eq(i.id, invoiceId), isNotNull(a.latitude)))
    .orderBy(asc(a.id))
    .limit(1);
  return first?.latitude != null && first.longitude != null
    ? { latitude: first.latitude, longitude: first.longitude }
    : null;
}

/** A trip's distance and duration: the router's when it answers, else the straight line at `speedKmh`. */
export async function trip(
  routingUrl: string | undefined,
  from: Position,
  to: Position,
  speedKmh: number,
): Promise<{ meters: number; seconds: number; source: 'router' | 'straight' }> {
  const routed = routingUrl ? await drivingRoute(routingUrl, from, to) : null;
  if (routed) return { meters: Math.round(routed.meters), seconds: Math.round(routed.seconds), source: 'router' };
  const meters = haversineMeters(from, to);
  return { meters: Math.round(meters), seconds: straightLineSeconds(meters, speedKmh), source: 'straight' };
}

/**
 * PUT customers|companies/{id}/addresses/{addressId}/position: the pin set by hand; both null clears it,
 * and the geocoding service is asked again.
 */
export async function setAddressPosition(
  db: Db,
  organizationId: number,
  owner: { kind: 'customer' | 'company'; id: number },
  addressId: number,
  body: { latitude: number | null; longitude: number | null },
) {
  const a = schema.addresses;
  const placed = body.latitude !== null && body.longitude !== null;
  const [row] = await db
    .update(a)
    .set({
      latitude: placed ? body.latitude : null,
      longitude: placed ? body.longitude : null,
      positionSource: placed ? 'manual' : null,
      geocodedAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(a.organizationId, organizationId),
        eq(owner.kind === 'customer' ? a.customerId : a.companyId, owner.id),
        eq(a.id, addressId),
      ),
    )
    .returning({ latitude: a.latitude, longitude: a.longitude, positionSource: a.positionSource });
  return assertFound(row);
}
