import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { permissionSet, ROLE_USER, type Permission } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { addUser, perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { dashboardBounds, dashboardKeyedBy } from './dashboard.service.ts';

// The dashboard is kept as a whole answer and sent again while nothing it reads has changed: a change
// the table versions do not see is not seen (so it really is kept), and every kind of write it counts —
// an order opened or completed, a payment, an instalment, an estimate approved, a rating answered, a
// technician's stamp — shows at the very next read, as does a reader's role losing price.see or the
// organization's day changing.
const t = perFile({ world: invoiceWorld });
const db = () => t.ctx.database.db;
const orgUrl = () => `/api/organizations/${t.org.organization.id}`;
const call = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, token = t.org.admin.token) =>
  t.ctx.app.inject({ method, url: `${orgUrl()}${path}`, headers: t.org.as(token), ...(payload ? { payload } : {}) });
const dashboard = async (token = t.org.admin.token) => {
  const res = await call('GET', '/dashboard', undefined, token);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json();
};

/** A write the versions do not see: `table`'s update trigger off while `write` runs. */
async function unseen(table: string, write: () => Promise<unknown>) {
  await db().execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_list_change_update`));
  try {
    await write();
  } finally {
    await db().execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_list_change_update`));
  }
}

/** An order of one service (R$ 180,00) on the world's technician, completed through the API. */
async function completedOrder() {
  const order = await t.world.createInvoice();
  expect(
    (await t.world.admin('POST', `/${order.id}/services`, { service: t.world.service.id, quantity: 1 })).statusCode,
  ).toBe(201);
  await t.world.assignWorker(order.id);
  await t.world.moveTo(order.id, 20);
  return order;
}

const today = async () =>
  (
    (await db().execute(sql`SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date::text AS d`)) as unknown as {
      rows: Array<{ d: string }>;
    }
  ).rows[0]!.d;

describe('the dashboard, kept', () => {
  it('is kept: an unseen change is not seen, the same change seen is, at once', async () => {
    const order = await completedOrder();
    const before = await dashboard();
    expect(before.revenue.current).toBe(180);
    await unseen('invoices', () =>
      db().update(schema.invoices).set({ discountCents: 3000 }).where(eq(schema.invoices.id, order.id)),
    );
    expect((await dashboard()).revenue.current).toBe(180);
    // The same change, seen: straight in the database, as a job or another process would write it.
    await db().update(schema.invoices).set({ discountCents: 4000 }).where(eq(schema.invoices.id, order.id));
    expect((await dashboard()).revenue.current).toBe(140);
  });

  it('shows each kind of write at the next read', async () => {
    const start = await dashboard();
    // An order opened.
    const order = await t.world.createInvoice();
    const opened = await dashboard();
    expect(opened.ordersOpened.current).toBe(start.ordersOpened.current + 1);
    // The order completed.
    expect(
      (await t.world.admin('POST', `/${order.id}/services`, { service: t.world.service.id, quantity: 1 })).statusCode,
    ).toBe(201);
    await t.world.assignWorker(order.id);
    await t.world.moveTo(order.id, 20);
    const done = await dashboard();
    expect(done.ordersCompleted.current).toBe(start.ordersCompleted.current + 1);
    expect(done.revenue.current).toBe(start.revenue.current + 180);
    expect(done.technicians).toEqual([
      expect.objectContaining({ id: t.org.worker.id, completed: done.ordersCompleted.current }),
    ]);
    // A payment today.
    const paid = await call('POST', `/invoices/${order.id}/payments`, {
      amount: 80,
      method: 'pix',
      paidAt: await today(),
    });
    expect(paid.statusCode).toBe(201);
    expect((await dashboard()).received.current).toBe(start.received.current + 80);
    // The rest in two instalments still to come.
    const split = await call('POST', `/invoices/${order.id}/installments`, {
      count: 2,
      firstDueDate: '2040-01-10',
      method: 'boleto',
    });
    expect(split.statusCode).toBe(201);
    expect((await dashboard()).openReceivables.count).toBe(start.openReceivables.count + 2);
    // One of them made overdue straight in the database (as a job would): only the instalments' version rises.
    await db().execute(
      sql`UPDATE receivables SET due_date = '2020-01-10' WHERE invoice_id = ${order.id} AND installment_number = 1`,
    );
    expect((await dashboard()).overdueReceivables.count).toBe(start.overdueReceivables.count + 1);
    // An estimate created, then approved.
    const created = await call('POST', '/estimates', {
      company: t.world.company.id,
      customer: t.world.customer.id,
      transactionNature: t.world.nature.id,
    });
    expect(created.statusCode).toBe(201);
    expect((await dashboard()).estimatesCreated.current).toBe(start.estimatesCreated.current + 1);
    // Sent (in progress), then approved.
    expect((await call('PATCH', `/estimates/${created.json().id}`, { status: 1 })).statusCode).toBe(200);
    expect((await dashboard()).estimatesApproved.current).toBe(start.estimatesApproved.current);
    expect((await call('PATCH', `/estimates/${created.json().id}`, { status: 10 })).statusCode).toBe(200);
    expect((await dashboard()).estimatesApproved.current).toBe(start.estimatesApproved.current + 1);
    // The customer answers the rating through its public link.
    const [rating] = await db().select().from(schema.orderRatings).where(eq(schema.orderRatings.invoiceId, order.id));
    const answer = await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/public/invoices/${order.id}/rating?token=${rating!.token}`,
      payload: { score: 10, comment: null },
    });
    expect(answer.statusCode).toBe(200);
    expect((await dashboard()).nps.answers).toBe(start.nps.answers + 1);
    // The technician's time on another order: 'Iniciar' 50 minutes ago, 'Pausar' 20 ago.
    const open = await t.world.createInvoice();
    await t.world.assignWorker(open.id);
    for (const [kind, minutesAgo] of [
      ['start', 50],
      ['pause', 20],
    ] as const) {
      const stamp = await call(
        'POST',
        `/invoices/${open.id}/stamps`,
        { kind, deviceAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(), reason: 'Almoço' },
        t.org.worker.token,
      );
      expect(stamp.statusCode).toBe(201);
    }
    const worked = (await dashboard()).technicians.find((x: { id: number }) => x.id === t.org.worker.id);
    expect(worked.workedMinutes).toBe(30);
    // A technician renamed.
    await db().update(schema.users).set({ name: 'Técnico Renomeado' }).where(eq(schema.users.id, t.org.worker.id));
    expect((await dashboard()).technicians.find((x: { id: number }) => x.id === t.org.worker.id).name).toBe(
      'Técnico Renomeado',
    );
  });

  it("hides money at the next read once the reader's role lost price.see, and shows it once regained", async () => {
    const reading: Permission[] = ['report.see', 'invoice.see', 'invoice.seeAll'];
    const [role] = await db()
      .insert(schema.roles)
      .values({
        organizationId: t.org.organization.id,
        name: 'Painel',
        permissions: [...permissionSet([...reading, 'price.see'])],
      })
      .returning({ id: schema.roles.id });
    const user = await addUser(t.ctx, t.org.organization.id, {
      name: 'Leitora do painel',
      email: `painel-${Date.now()}@teste.com.br`,
      role: ROLE_USER,
    });
    await db().update(schema.users).set({ roleId: role!.id }).where(eq(schema.users.id, user.id));
    const withPrices = await dashboard(user.token);
    expect(withPrices.revenue.current).toBeGreaterThan(0);
    expect((await dashboard(user.token)).revenue).toEqual(withPrices.revenue);
    const setPermissions = (p: Permission[]) =>
      db()
        .update(schema.roles)
        .set({ permissions: [...permissionSet(p)] })
        .where(eq(schema.roles.id, role!.id));
    await setPermissions(reading);
    const hidden = await dashboard(user.token);
    expect(hidden.revenue).toEqual({ current: null, previous: null });
    expect(hidden.received).toEqual({ current: null, previous: null });
    expect(hidden.openReceivables.amount).toBeNull();
    expect(hidden.averageTicket).toEqual({ current: null, previous: null });
    expect(hidden.ordersCompleted).toEqual(withPrices.ordersCompleted);
    await setPermissions([...reading, 'price.see']);
    expect((await dashboard(user.token)).revenue).toEqual(withPrices.revenue);
  });

  it("is built again for another day of the organization's zone", async () => {
    const order = await completedOrder();
    const first = await dashboard();
    await unseen('invoices', () =>
      db().update(schema.invoices).set({ discountCents: 1000 }).where(eq(schema.invoices.id, order.id)),
    );
    expect((await dashboard()).revenue).toEqual(first.revenue);
    // Pago Pago (UTC−11) and Kiritimati (UTC+14) are 25 hours apart: never the same date.
    const zone = (timeZone: string) =>
      db().update(schema.organizations).set({ timeZone }).where(eq(schema.organizations.id, t.org.organization.id));
    await zone('Pacific/Pago_Pago');
    const pago = await dashboardBounds(db(), t.org.organization.id);
    await zone('Pacific/Kiritimati');
    const kiri = await dashboardBounds(db(), t.org.organization.id);
    expect(pago.today).not.toBe(kiri.today);
    // The key names the zone's date, so another day (here, another zone's) finds nothing kept.
    expect(dashboardKeyedBy(pago)).toContain(pago.today);
    expect(dashboardKeyedBy(kiri)).toContain(kiri.today);
    const rebuilt = await dashboard();
    expect(rebuilt.timeZone).toBe('Pacific/Kiritimati');
    // Built again, with the unseen change (the orders were all completed moments ago: this month in any zone).
    expect(first.revenue.current - rebuilt.revenue.current).toBe(10);
    await zone('America/Sao_Paulo');
  });
});
