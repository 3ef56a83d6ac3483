import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  haversineMeters,
  InvoiceState,
  planRoute,
  straightTable,
  walkRoute,
  type DayRoute,
  type Position,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import type { Actor } from '../../core/access/access.ts';
import { assertFound } from '../../core/access/access.ts';
import { tellCustomer } from '../../core/notify/customer-events.ts';
import { lockInvoice, recordChange } from '../../core/orders/invoice-access.ts';
import { tellVisitMoved } from '../../core/orders/invoice-notices.ts';
import { drivingTable } from '../../lib/geo-services.ts';
import { queryRows } from '../../lib/sql.ts';
import { fieldSettingsOf } from './field-places.ts';

// The day's route of one technician: their open visits of the day, from the shop (the company's first
// address with coordinates) and back, in the order the heuristic proposes over the routing service's
// table of the day (one request), else straight lines at the organization's average speed, the fixed
// ('horário fixo') visits kept at their times; the office accepts it onto the agenda.

/** The proposal's day starts at this hour of the organization's zone. */
const DAY_START_HOUR = 8;

interface VisitRow {
  invoice_id: number;
  number: number;
  customer_name: string;
  company_id: number;
  scheduled_at: Date | string;
  duration_minutes: number;
  fixed_time: boolean;
  latitude: number | null;
  longitude: number | null;
}

/** GET field/route?user&date. */
export async function dayRoute(
  ctx: { db: Db; routingUrl: string | undefined },
  organizationId: number,
  userId: number,
  date: string,
): Promise<DayRoute> {
  const { db } = ctx;
  const [zone] = await queryRows<{ tz: string; start: Date | string }>(
    db,
    sql`SELECT time_zone AS tz, ((${date}::date + make_interval(hours => ${DAY_START_HOUR}))::timestamp AT TIME ZONE time_zone) AS start
          FROM organizations WHERE id = ${organizationId}`,
  );
  const { tz } = assertFound(zone);
  const dayStart = new Date(zone!.start);
  const rows = await queryRows<VisitRow>(
    db,
    sql`SELECT i.id AS invoice_id, i.number, c.name AS customer_name, i.company_id, i.scheduled_at, i.duration_minutes,
               i.fixed_time, coalesce(a.latitude, fa.latitude) AS latitude, coalesce(a.longitude, fa.longitude) AS longitude
          FROM invoices i
          JOIN invoice_workers w ON w.invoice_id = i.id AND w.worker_id = ${userId}
          JOIN customers c ON c.organization_id = i.organization_id AND c.id = i.customer_id
          LEFT JOIN addresses a ON a.organization_id = i.organization_id AND a.id = i.address_id AND a.latitude IS NOT NULL
          LEFT JOIN LATERAL (SELECT x.latitude, x.longitude FROM addresses x
                              WHERE x.organization_id = i.organization_id AND x.customer_id = i.customer_id
                                AND x.latitude IS NOT NULL ORDER BY x.id LIMIT 1) fa ON true
         WHERE i.organization_id = ${organizationId}
           AND i.state NOT IN (${InvoiceState.Completed}, ${InvoiceState.Canceled})
           AND i.scheduled_at >= (${date}::date)::timestamp AT TIME ZONE ${tz}
           AND i.scheduled_at < (${date}::date + 1)::timestamp AT TIME ZONE ${tz}
         ORDER BY i.scheduled_at, i.id`,
  );
  const placed = rows.filter((r) => r.latitude !== null && r.longitude !== null);
  const unplaced = rows
    .filter((r) => r.latitude === null || r.longitude === null)
    .map((r) => ({ invoiceId: Number(r.invoice_id), number: Number(r.number), customerName: r.customer_name }));
  const shop = placed.length ? await shopOf(db, organizationId, Number(placed[0]!.company_id)) : null;
  if (!shop || !placed.length)
    return {
      shop,
      current: { meters: 0 },
      distanceSource: null,
      proposal: { meters: 0, stops: [] },
      unplaced: [...unplaced],
    };

  const settings = await fieldSettingsOf(db, organizationId);
  const places: Position[] = [shop, ...placed.map((r) => ({ latitude: r.latitude!, longitude: r.longitude! }))];
  const minutesFromStart = (at: Date | string) => (new Date(at).getTime() - dayStart.getTime()) / 60_000;
  // The road's table when the service answers, one-way streets and all; else straight lines.
  const routed = ctx.routingUrl ? await drivingTable(ctx.routingUrl, places) : null;
  const problem = {
    meters: routed?.meters ?? straightTable(places, haversineMeters),
    ...(routed ? { seconds: routed.seconds } : {}),
    speedKmh: settings.averageSpeedKmh,
    visits: placed.map((r, k) => ({
      at: k + 1,
      minutes: Number(r.duration_minutes),
      ...(r.fixed_time ? { fixedAt: minutesFromStart(r.scheduled_at) } : {}),
    })),
  };
  const current = walkRoute(
    problem,
    placed.map((_, k) => k),
  );
  const plan = planRoute(problem);
  let previous = 0;
  const stops = plan.stops.map((s) => {
    const r = placed[s.visit]!;
    const at = problem.visits[s.visit]!.at;
    const meters = Math.round(problem.meters[previous]![at]!);
    previous = at;
    // Proposed times on the minute; a fixed visit keeps its own.
    const proposed = r.fixed_time
      ? new Date(r.scheduled_at)
      : new Date(Math.round((dayStart.getTime() + s.startsAt * 60_000) / 60_000) * 60_000);
    return {
      invoiceId: Number(r.invoice_id),
      number: Number(r.number),
      customerName: r.customer_name,
      scheduledAt: new Date(r.scheduled_at).toISOString(),
      proposedAt: proposed.toISOString(),
      fixedTime: !!r.fixed_time,
      meters,
      latitude: r.latitude!,
      longitude: r.longitude!,
      lateMinutes: Math.round(s.lateMinutes),
    };
  });
  return {
    shop,
    current: { meters: Math.round(current.meters) },
    distanceSource: routed ? 'router' : 'straight',
    proposal: { meters: Math.round(plan.meters), stops },
    unplaced,
  };
}

/** The company's first address with coordinates: where the technician's day starts and ends. */
async function shopOf(db: Db, organizationId: number, companyId: number): Promise<Position | null> {
  const a = schema.addresses;
  const [row] = await db
    .select({ latitude: a.latitude, longitude: a.longitude })
    .from(a)
    .where(and(eq(a.organizationId, organizationId), eq(a.companyId, companyId), sql`${a.latitude} IS NOT NULL`))
    .orderBy(a.id)
    .limit(1);
  return row?.latitude != null && row.longitude != null ? { latitude: row.latitude, longitude: row.longitude } : null;
}

/**
 * POST field/route/accept: each stop's time written onto its order, as moving the visit on the agenda
 * does (audited, the technicians and the customer told), in one transaction; a fixed visit is not moved.
 */
export async function acceptRoute(db: Db, actor: Actor, stops: Array<{ invoiceId: number; scheduledAt: string }>) {
  return db.transaction(async (tx) => {
    let moved = 0;
    const ids = stops.map((s) => s.invoiceId);
    const known = await tx
      .select({ id: schema.invoices.id })
      .from(schema.invoices)
      .where(and(eq(schema.invoices.organizationId, actor.organizationId), inArray(schema.invoices.id, ids)));
    if (known.length !== new Set(ids).size) assertFound(null);
    for (const stop of stops) {
      const row = await lockInvoice(tx, actor, stop.invoiceId);
      const at = new Date(stop.scheduledAt);
      if (row.fixedTime || row.scheduledAt?.getTime() === at.getTime()) continue;
      await tx.update(schema.invoices).set({ scheduledAt: at }).where(eq(schema.invoices.id, row.id));
      await recordChange(tx, actor, row.id, 'update', [
        { field: 'scheduledAt', before: row.scheduledAt?.toISOString() ?? null, after: at.toISOString() },
      ]);
      await tellVisitMoved(tx, actor, row, at);
      await tellCustomer(tx, actor.organizationId, { event: 'visitScheduled', invoiceId: row.id });
      moved += 1;
    }
    return { moved };
  });
}

/** PUT invoices/{id}/fixed-time. */
export async function setFixedTime(db: Db, actor: Actor, invoiceId: number, fixed: boolean) {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, invoiceId);
    if (row.fixedTime !== fixed) {
      await tx.update(schema.invoices).set({ fixedTime: fixed }).where(eq(schema.invoices.id, row.id));
      await recordChange(tx, actor, row.id, 'update', [{ field: 'fixedTime', before: row.fixedTime, after: fixed }]);
    }
    return { fixedTime: fixed };
  });
}
