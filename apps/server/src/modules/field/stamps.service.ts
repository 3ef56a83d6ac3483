import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  CLOCK_SKEW_LIMIT_MS,
  etaAt as arrivalAt,
  formatDistance,
  haversineMeters,
  type FieldStamp,
  type Position,
  type StampBody,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import type { Actor } from '../../core/access/access.ts';
import { visibleTo } from '../../core/orders/invoice-access.ts';
import { assertFound } from '../../core/access/access.ts';
import { notifyHolders } from '../../core/notify/notify.ts';
import { tellCustomer } from '../../core/notify/customer-events.ts';
import { fieldSettingsOf, jobPlace, trip } from './field-places.ts';
import { queueOnTheWayEmail } from './on-the-way.ts';

// A technician's stamp on an order, made on the phone (often offline) and sent through its outbox: kept
// with the phone's time and position, however late or out of order it arrives. The server adds what it
// knows: how far the position is from the job's address (a warning to the office past the organization's
// distance), the arrival estimate of 'A caminho' (and the customer told of it, in the same transaction),
// the distance driven at 'Cheguei', and whether the phone's clock was off when it sent the stamp.

const st = schema.fieldStamps;

/** How far the phone's clock was from the server's, in seconds (server minus phone); null: not known. */
export function clockSkew(now: Date, phoneNow: Date | null, deviceAt: Date): number | null {
  if (phoneNow) return Math.round((now.getTime() - phoneNow.getTime()) / 1000);
  // Without the phone's clock at the send, only a stamp made "in the future" shows a clock ahead.
  const ahead = deviceAt.getTime() - now.getTime();
  return ahead > CLOCK_SKEW_LIMIT_MS ? -Math.round(ahead / 1000) : null;
}

const stampColumns = {
  id: st.id,
  kind: st.kind,
  userId: st.userId,
  userName: schema.users.name,
  deviceAt: st.deviceAt,
  receivedAt: st.receivedAt,
  latitude: st.latitude,
  longitude: st.longitude,
  accuracy: st.accuracy,
  distanceMeters: st.distanceMeters,
  distanceWarning: st.distanceWarning,
  reason: st.reason,
  automatic: st.automatic,
  clockSkewed: st.clockSkewed,
  skewSeconds: st.skewSeconds,
  etaAt: st.etaAt,
  etaSource: st.etaSource,
  routeMeters: st.routeMeters,
};
type StampRow = { [K in keyof typeof stampColumns]: (typeof stampColumns)[K]['_']['data'] | null } & {
  id: number;
  deviceAt: Date;
  receivedAt: Date;
};

export const stampOut = (r: StampRow): FieldStamp => ({
  ...(r as unknown as FieldStamp),
  userName: r.userName ?? '',
  deviceAt: r.deviceAt.toISOString(),
  receivedAt: r.receivedAt.toISOString(),
  etaAt: r.etaAt?.toISOString() ?? null,
  distanceWarning: !!r.distanceWarning,
  automatic: !!r.automatic,
  clockSkewed: !!r.clockSkewed,
});

/** The stamps of one order (or those `where` picks), by the phone's time. */
export function selectStamps(db: Db | Tx) {
  return db
    .select(stampColumns)
    .from(st)
    .innerJoin(schema.users, and(eq(schema.users.organizationId, st.organizationId), eq(schema.users.id, st.userId)));
}

/** The technician's latest 'A caminho' on the order before `before` with a position, for the distance driven. */
async function travelBefore(db: Db, actor: Actor, invoiceId: number, before: Date) {
  const [row] = await db
    .select({ latitude: st.latitude, longitude: st.longitude })
    .from(st)
    .where(
      and(
        eq(st.organizationId, actor.organizationId),
        eq(st.invoiceId, invoiceId),
        eq(st.userId, actor.userId),
        eq(st.kind, 'travel'),
        lt(st.deviceAt, before),
      ),
    )
    .orderBy(desc(st.deviceAt))
    .limit(1);
  return row?.latitude != null && row.longitude != null ? { latitude: row.latitude, longitude: row.longitude } : null;
}

export interface StampContext {
  db: Db;
  routingUrl: string | undefined;
  appUrl: string;
}

/**
 * POST invoices/{id}/stamps. The outside calls (the router) run before the transaction; the stamp, the
 * customer's message and the office's warning are written in it. The same stamp again (technician, order,
 * kind and phone time) is the stamp already kept: `replayed`.
 */
export async function addStamp(
  ctx: StampContext,
  actor: Actor,
  invoiceId: number,
  body: StampBody,
  phoneNow: Date | null,
  now = new Date(),
): Promise<FieldStamp & { replayed: boolean }> {
  const { db } = ctx;
  const i = schema.invoices;
  const [found] = await db
    .select({ number: i.number })
    .from(i)
    .where(and(eq(i.id, invoiceId), visibleTo(actor)));
  const order = assertFound(found);
  const settings = await fieldSettingsOf(db, actor.organizationId);
  const deviceAt = new Date(body.deviceAt);
  const skew = clockSkew(now, phoneNow, deviceAt);
  const clockSkewed = skew !== null && Math.abs(skew) * 1000 > CLOCK_SKEW_LIMIT_MS;
  const position: Position | null = body.position
    ? { latitude: body.position.latitude, longitude: body.position.longitude }
    : null;
  const place = position ? await jobPlace(db, actor.organizationId, invoiceId) : null;

  let distanceMeters: number | null = null;
  let eta: { at: Date; source: 'router' | 'straight' } | null = null;
  let routeMeters: number | null = null;
  if (position && place) distanceMeters = Math.round(haversineMeters(position, place));
  if (body.kind === 'travel' && position && place) {
    const t = await trip(ctx.routingUrl, position, place, settings.averageSpeedKmh);
    // The estimate is in the server's clock: the phone's time corrected by its known offset.
    eta = { at: arrivalAt(new Date(deviceAt.getTime() + (skew ?? 0) * 1000), t.seconds), source: t.source };
  }
  if (body.kind === 'arrive' && position) {
    const from = await travelBefore(db, actor, invoiceId, deviceAt);
    if (from) routeMeters = (await trip(ctx.routingUrl, from, position, settings.averageSpeedKmh)).meters;
  }
  const distanceWarning =
    body.kind === 'arrive' && distanceMeters !== null && distanceMeters > settings.arrivalWarningMeters;

  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(st)
      .values({
        organizationId: actor.organizationId,
        invoiceId,
        userId: actor.userId,
        kind: body.kind,
        deviceAt,
        receivedAt: now,
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
        accuracy: body.position?.accuracy ?? null,
        distanceMeters: body.kind === 'arrive' || body.kind === 'leave' ? distanceMeters : null,
        distanceWarning,
        reason: body.kind === 'pause' ? body.reason : null,
        automatic: body.kind === 'leave' && body.automatic,
        clockSkewed,
        skewSeconds: skew,
        etaAt: eta?.at ?? null,
        etaSource: eta?.source ?? null,
        routeMeters,
      })
      .onConflictDoNothing({ target: [st.organizationId, st.invoiceId, st.userId, st.kind, st.deviceAt] })
      .returning({ id: st.id });
    const replayed = !inserted;
    const [row] = await selectStamps(tx).where(
      and(
        eq(st.organizationId, actor.organizationId),
        inserted
          ? eq(st.id, inserted.id)
          : sql`${st.invoiceId} = ${invoiceId} AND ${st.userId} = ${actor.userId} AND ${st.kind} = ${body.kind} AND ${st.deviceAt} = ${deviceAt.toISOString()}::timestamptz`,
      ),
    );
    const stamp = stampOut(row as StampRow);
    if (replayed) return { ...stamp, replayed };
    if (body.kind === 'travel') {
      await queueOnTheWayEmail(tx, {
        organizationId: actor.organizationId,
        invoiceId,
        technician: actor.name,
        eta: eta?.at ?? null,
      });
      await tellCustomer(tx, actor.organizationId, { event: 'technicianOnTheWay', invoiceId, stampId: stamp.id });
    }
    if (distanceWarning)
      await notifyHolders(tx, 'invoice.seeAll', {
        organizationId: actor.organizationId,
        sourceKey: `field-arrival-far:${stamp.id}`,
        title: `Chegada longe do endereço — OS ${order.number}`,
        description: `${actor.name} registrou "Cheguei" a ${formatDistance(distanceMeters!)} do endereço do cliente.`,
        url: `/invoices/${invoiceId}/edit`,
        at: deviceAt,
      });
    return { ...stamp, replayed };
  });
}
