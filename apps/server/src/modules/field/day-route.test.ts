import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// The day's route: the technician's visits of the day from the shop and back, reordered to the shortest
// round trip with the 'horário fixo' visit kept at its time, and accepted onto the agenda.

const t = perFile({ other: true, world: invoiceWorld });
const url = (rest: string, org = t.org) => `/api/organizations/${org.organization.id}${rest}`;
const as = (org = t.org) => org.as(org.admin.token);
const date = '2026-12-20';
// The shop at the origin of a line due north; visits 1, 2 and 3 km away, scheduled in the worst order.
const shop = { latitude: -23.6, longitude: -46.6 };
const north = (km: number) => ({ latitude: shop.latitude + (km * 1000) / 111_195, longitude: shop.longitude });

const orders: number[] = [];
beforeAll(async () => {
  const db = t.ctx.database.db;
  const organizationId = t.org.organization.id;
  await db
    .insert(schema.addresses)
    .values({ organizationId, companyId: t.world.company.id, address: 'Oficina', ...shop, positionSource: 'manual' });
  for (const [km, time] of [
    [3, '09:00'],
    [1, '11:00'],
    [2, '15:00'],
  ] as const) {
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
      .set({ addressId: address!.id, scheduledAt: new Date(`${date}T${time}:00-03:00`) })
      .where(eq(schema.invoices.id, id));
    orders.push(id);
  }
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
