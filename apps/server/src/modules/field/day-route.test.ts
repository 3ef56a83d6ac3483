import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { startGeoStandIn } from '@ordem-certa/test-support/geo-stand-in';
import { drivingTable } from '../../lib/geo-services.ts';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// The day's route: the technician's visits of the day from the shop and back, reordered to the shortest
// round trip with the 'horário fixo' visit kept at its time, and accepted onto the agenda.

const t = perFile({ other: true, world: invoiceWorld });
// The routing service: the straight line × 1.3 at 36 km/h, and each leg heading north twice as long.
const geo = await startGeoStandIn({ uphill: 2 });
afterAll(() => geo.close());
const url = (rest: string, org = t.org) => `/api/organizations/${org.organization.id}${rest}`;
const as = (org = t.org) => org.as(org.admin.token);
const date = '2026-12-20';
// The shop at the origin of a line due north; visits 1, 2 and 3 km away, scheduled in the worst order.
const shop = { latitude: -23.6, longitude: -46.6 };
const north = (km: number) => ({ latitude: shop.latitude + (km * 1000) / 111_195, longitude: shop.longitude });

/** Visits of `day` at these km north of the shop, scheduled at these times (the shop placed first). */
async function visitsOn(day: string, plan: ReadonlyArray<readonly [number, string]>) {
  const db = t.ctx.database.db;
  const organizationId = t.org.organization.id;
  const ids: number[] = [];
  for (const [km, time] of plan) {
    const { id } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    const [address] = await db
      .insert(schema.addresses)
      .values({
        organizationId,
        customerId: t.world.customer.id,
        address: `Rua ${km}`,
        ...north(km),
        positionSource: 'manual',
      })
      .returning();
    await db
      .update(schema.invoices)
      .set({ addressId: address!.id, scheduledAt: new Date(`${day}T${time}:00-03:00`) })
      .where(eq(schema.invoices.id, id));
    ids.push(id);
  }
  return ids;
}

const orders: number[] = [];
beforeAll(async () => {
  await t.ctx.database.db.insert(schema.addresses).values({
    organizationId: t.org.organization.id,
    companyId: t.world.company.id,
    address: 'Oficina',
    ...shop,
    positionSource: 'manual',
  });
  orders.push(
    ...(await visitsOn(date, [
      [3, '09:00'],
      [1, '11:00'],
      [2, '15:00'],
    ])),
  );
});

describe('the day’s route', () => {
  it('proposes the shortest round trip, keeps the fixed visit’s time, and the office accepts it', async () => {
    // The visit 2 km away is fixed at 15:00.
    const fixed = await t.ctx.app.inject({
      method: 'PUT',
      url: url(`/invoices/${orders[2]}/fixed-time`),
      headers: as(),
      payload: { fixed: true },
    });
    expect(fixed.json()).toEqual({ fixedTime: true });
    const res = await t.ctx.app.inject({
      url: url(`/field/route?user=${t.org.worker.id}&date=${date}`),
      headers: as(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json();
    // Scheduled 3, 1, 2 km: 3 + 2 + 1 + 2 = 8 km; proposed 1, 3, then 2 at 15:00 (1 + 2 + 1 + 2 = 6) or 1, 2, 3.
    expect(route.current.meters).toBeCloseTo(8000, -2);
    expect(route.proposal.meters).toBeCloseTo(6000, -2);
    expect(route.proposal.stops[0].invoiceId).toBe(orders[1]);
    const fixedStop = route.proposal.stops.find((s: { invoiceId: number }) => s.invoiceId === orders[2]);
    expect(fixedStop).toMatchObject({
      fixedTime: true,
      lateMinutes: 0,
      proposedAt: new Date(`${date}T15:00:00-03:00`).toISOString(),
    });
    // The first visit: 1 km at 30 km/h from 8:00 is 8:02.
    expect(route.proposal.stops[0].proposedAt).toBe(new Date(`${date}T08:02:00-03:00`).toISOString());

    const accepted = await t.ctx.app.inject({
      method: 'POST',
      url: url('/field/route/accept'),
      headers: as(),
      payload: {
        stops: route.proposal.stops.map((s: { invoiceId: number; proposedAt: string }) => ({
          invoiceId: s.invoiceId,
          scheduledAt: s.proposedAt,
        })),
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ moved: 2 });
    const [first] = await t.ctx.database.db.select().from(schema.invoices).where(eq(schema.invoices.id, orders[1]!));
    expect(first!.scheduledAt!.toISOString()).toBe(new Date(`${date}T08:02:00-03:00`).toISOString());
    // The technician is told of the moved visit.
    const told = await t.ctx.database.db
      .select()
      .from(schema.notifications)
      .where(
        and(
          eq(schema.notifications.userId, t.org.worker.id),
          eq(schema.notifications.title, `Visita da OS ${first!.number} remarcada`),
        ),
      );
    expect(told.length).toBeGreaterThan(0);
  });

  it('another organization’s order is a 404 and moves nothing; 422 on an empty list', async () => {
    const theirs = (await t.theirs.createInvoice()).id;
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: url('/field/route/accept'),
      headers: as(),
      payload: { stops: [{ invoiceId: theirs, scheduledAt: `${date}T10:00:00-03:00` }] },
    });
    expect(res.statusCode).toBe(404);
    const empty = await t.ctx.app.inject({
      method: 'POST',
      url: url('/field/route/accept'),
      headers: as(),
      payload: { stops: [] },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ stops: ['Informe as visitas'] });
  });
});

describe('the day’s route over the routing service’s table', () => {
  const day = '2026-12-21';
  const config = () => t.ctx.app.config as { routingUrl?: string };
  const read = () => t.ctx.app.inject({ url: url(`/field/route?user=${t.org.worker.id}&date=${day}`), headers: as() });
  let ids: number[];
  beforeAll(async () => {
    ids = await visitsOn(day, [
      [3, '09:00'],
      [1, '11:00'],
      [2, '15:00'],
    ]);
  });

  it('asks for the day’s table once and plans on its one-way distances and durations', async () => {
    config().routingUrl = geo.routingUrl;
    try {
      const before = geo.hits.length;
      const res = await read();
      expect(res.statusCode, res.body).toBe(200);
      const asked = geo.hits.slice(before);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatch(/^\/osrm\/table\/v1\/driving\/(-?[\d.]+,-?[\d.]+;){3}-?[\d.]+,-?[\d.]+\?/);
      expect(asked[0]).toContain('annotations=duration,distance');
      const route = res.json();
      expect(route.distanceSource).toBe('router');
      // North 1, 2, 3 km (3 km × 1.3 × 2) and back south (3 km × 1.3): 11.7 km; the agenda's 3, 1, 2:
      // north 3 (7.8), south 2 (2.6), north 1 (2.6), south 2 (2.6) = 15.6 km.
      expect(route.proposal.stops.map((s: { invoiceId: number }) => s.invoiceId)).toEqual([ids[1], ids[2], ids[0]]);
      expect(route.proposal.meters).toBeCloseTo(11_700, -2);
      expect(route.current.meters).toBeCloseTo(15_600, -2);
      expect(route.proposal.stops[0].meters).toBeCloseTo(2600, -1);
      // 2.6 km at 36 km/h from 8:00 is 8:04 (the straight line at 30 km/h would be 8:02).
      expect(route.proposal.stops[0].proposedAt).toBe(new Date(`${day}T08:04:00-03:00`).toISOString());
    } finally {
      config().routingUrl = undefined;
    }
  });

  it('falls back to straight lines when the service answers an error, or too late, and says so', async () => {
    config().routingUrl = geo.routingUrl;
    try {
      geo.down.router = true;
      const down = (await read()).json();
      expect(down.distanceSource).toBe('straight');
      expect(down.proposal.meters).toBeCloseTo(6000, -2);
      geo.down.router = false;
      // Slower than the 4 s the server waits.
      geo.delay.router = 5000;
      const slow = await read();
      expect(slow.json().distanceSource).toBe('straight');
      expect(slow.json().proposal.stops[0].proposedAt).toBe(new Date(`${day}T08:02:00-03:00`).toISOString());
    } finally {
      geo.down.router = false;
      geo.delay.router = 0;
      config().routingUrl = undefined;
    }
    // Without a service: straight lines.
    expect((await read()).json().distanceSource).toBe('straight');
  });

  it('the stand-in refuses a malformed table request as OSRM does, and the client takes it for no table', async () => {
    const bad = await fetch(`${geo.routingUrl}/table/v1/driving/-46.6,-23.6;abc?annotations=duration,distance`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'InvalidUrl' });
    const options = await fetch(`${geo.routingUrl}/table/v1/driving/-46.6,-23.6;-46.6,-23.5?annotations=speed`);
    expect(options.status).toBe(400);
    const outOfRange = await fetch(`${geo.routingUrl}/table/v1/driving/-46.6,-23.6;-46.6,-95?annotations=distance`);
    expect(await outOfRange.json()).toMatchObject({ code: 'InvalidValue' });
    expect(await drivingTable(geo.routingUrl, [{ latitude: -95, longitude: -46.6 }, shop])).toBeNull();
    const ok = await drivingTable(geo.routingUrl, [shop, north(1)]);
    expect(ok!.meters[0]![1]).toBeCloseTo(2600, -1);
    expect(ok!.meters[1]![0]).toBeCloseTo(1300, -1);
  });
});
