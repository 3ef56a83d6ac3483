import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { queryRows } from '../../lib/sql.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// The owner's dashboard against figures made by hand: this month's orders, payments, instalments,
// estimates and ratings beside last month's (rows moved there by their stamps), each organization
// its own, and money hidden from whoever may not see prices.
const t = perFile({ other: true, world: invoiceWorld });
const db = () => t.ctx.database.db;
const get = (token = t.org.admin.token, org = t.org) =>
  t.ctx.app.inject({
    url: `/api/organizations/${org.organization.id}/dashboard`,
    headers: org.as(token),
  });

async function createEstimate() {
  const res = await t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${t.org.organization.id}/estimates`,
    headers: t.org.as(t.org.admin.token),
    payload: { company: t.world.company.id, customer: t.world.customer.id, transactionNature: t.world.nature.id },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

/** Moves a row's stamps to the middle of last month (in São Paulo, the organizations' zone). */
const lastMonth = sql`(date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') - interval '15 days') AT TIME ZONE 'America/Sao_Paulo'`;

/** A completed order of one service (R$ 180,00, the catalogue's price) done by the world's worker. */
async function completed() {
  const order = await t.world.createInvoice();
  await t.world.admin('POST', `/${order.id}/services`, { service: t.world.service.id, quantity: 1 });
  await t.world.assignWorker(order.id);
  await t.world.moveTo(order.id, 10);
  expect((await t.world.admin('POST', `/${order.id}/complete`)).statusCode).toBe(200);
  return order;
}

describe('GET dashboard', () => {
  it('an empty month: zeros and no averages, NPS or conversion', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      timeZone: 'America/Sao_Paulo',
      revenue: { current: 0, previous: 0 },
      ordersOpened: { current: 0, previous: 0 },
      conversion: { current: null, previous: null },
      averageTicket: { current: null, previous: null },
      nps: { current: null, previous: null, answers: 0 },
      technicians: [],
    });
    expect(res.json().month).toMatch(/^\d{4}-\d{2}$/);
  });

  it('this month against the last, by hand', async () => {
    const a = await completed();
    const b = await completed();
    const old = await completed();
    await t.world.createInvoice(); // opened, not completed
    await db()
      .update(schema.invoices)
      .set({ createdAt: lastMonth, finishedAt: lastMonth })
      .where(eq(schema.invoices.id, old.id));
    const pay = (id: number, amount: number, paidAt: string) =>
      t.ctx.app.inject({
        method: 'POST',
        url: `/api/organizations/${t.org.organization.id}/invoices/${id}/payments`,
        headers: t.org.as(t.org.admin.token),
        payload: { amount, method: 'dinheiro', paidAt },
      });
    const [{ today, prev }] = (await queryRows<{ today: string; prev: string }>(
      db(),
      sql`SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date::text AS today,
                 ((date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') - interval '1 day')::date)::text AS prev`,
    )) as [{ today: string; prev: string }];
    expect((await pay(a.id, 120, today)).statusCode).toBe(201);
    expect((await pay(old.id, 50, prev)).statusCode).toBe(201);
    // Two instalments of b: one overdue (due yesterday or earlier), one to come.
    const split = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/invoices/${b.id}/installments`,
      headers: t.org.as(t.org.admin.token),
      payload: { count: 2, firstDueDate: '2040-01-10', method: 'boleto' },
    });
    expect(split.statusCode).toBe(201);
    await db().execute(
      sql`UPDATE receivables SET due_date = '2020-01-10' WHERE invoice_id = ${b.id} AND installment_number = 1`,
    );
    // Estimates: two this month (one approved), one last month.
    const e1 = await createEstimate();
    await createEstimate();
    const e3 = await createEstimate();
    await db().update(schema.estimates).set({ status: 10 }).where(eq(schema.estimates.id, e1.id));
    await db().update(schema.estimates).set({ createdAt: lastMonth }).where(eq(schema.estimates.id, e3.id));
    // Ratings: a promoter and a detractor this month.
    for (const [order, score] of [
      [a, 10],
      [b, 3],
    ] as const)
      await db()
        .update(schema.orderRatings)
        .set({ score, answeredAt: new Date() })
        .where(eq(schema.orderRatings.invoiceId, order.id));

    const d = (await get()).json();
    expect(d).toMatchObject({
      revenue: { current: 360, previous: 180 },
      received: { current: 120, previous: 50 },
      ordersOpened: { current: 3, previous: 1 },
      ordersCompleted: { current: 2, previous: 1 },
      averageTicket: { current: 180, previous: 180 },
      openReceivables: { count: 1, amount: 90 },
      overdueReceivables: { count: 1, amount: 90 },
      estimatesCreated: { current: 2, previous: 1 },
      estimatesApproved: { current: 1, previous: 0 },
      conversion: { current: 50, previous: 0 },
      nps: { current: 0, previous: null, answers: 2 },
    });
    expect(d.technicians).toEqual([
      { id: t.org.worker.id, name: expect.any(String), completed: 2, workedMinutes: null },
    ]);
    // Time on the job from the technician's stamps this month: 'Iniciar' 40 minutes ago, 'Pausar' 10 ago.
    const open = await t.world.createInvoice();
    await t.world.assignWorker(open.id);
    const stamp = (kind: string, minutesAgo: number) =>
      t.ctx.app.inject({
        method: 'POST',
        url: `/api/organizations/${t.org.organization.id}/invoices/${open.id}/stamps`,
        headers: t.org.as(t.org.worker.token),
        payload: { kind, deviceAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(), reason: 'Almoço' },
      });
    expect((await stamp('start', 40)).statusCode).toBe(201);
    expect((await stamp('pause', 10)).statusCode).toBe(201);
    expect((await get()).json().technicians).toEqual([
      { id: t.org.worker.id, name: expect.any(String), completed: 2, workedMinutes: 30 },
    ]);

    // Another organization sees only its own (nothing yet).
    const theirs = (await get(t.other.admin.token, t.other)).json();
    expect(theirs).toMatchObject({ revenue: { current: 0 }, ordersOpened: { current: 0 }, technicians: [] });
  });

  it('a technician may not read it; another organization’s id → 403', async () => {
    expect((await get(t.org.worker.token)).statusCode).toBe(403);
    expect(
      (
        await t.ctx.app.inject({
          url: `/api/organizations/${t.other.organization.id}/dashboard`,
          headers: t.org.as(t.org.admin.token),
        })
      ).statusCode,
    ).toBe(403);
  });
});
