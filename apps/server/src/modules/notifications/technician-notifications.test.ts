import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvoiceState } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// What the technicians on an order are told in their bell: the order given to them, their visit moved
// or called off, the order cancelled, a comment from the office — never what they did themselves.
const t = perFile({ world: invoiceWorld, lite: true });
let second: { id: number; token: string };

beforeAll(async () => {
  const u = await t.world.newUser();
  second = { id: u.id, token: await t.ctx.app.tokens.sign({ ...u, organizationId: t.org.organization.id }) };
});

const n = schema.notifications;
/** The notifications of `userId` whose key starts with `prefix`, oldest first. */
const noticesOf = (userId: number, prefix: string) =>
  t.ctx.database.db
    .select()
    .from(n)
    .where(and(eq(n.userId, userId), like(n.sourceKey, `${prefix}%`)))
    .orderBy(n.id);

const bell = (token: string) =>
  t.ctx.app.inject({
    method: 'GET',
    url: `/api/organizations/${t.org.organization.id}/notifications`,
    headers: t.org.as(token),
  });

const visitOf = (id: number, scheduledAt: string | null, reportedProblem = 'Não gela') =>
  t.world.admin('POST', `/${id}/visit`, { scheduledAt, reportedProblem });

describe('a technician put on an order', () => {
  it('is told in their own bell, which they list and mark read; the admin who did it is not', async () => {
    const { id, number } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    const res = await bell(t.org.worker.token);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data.find((x: { title: string }) => x.title === `OS ${number} atribuída a você`);
    expect(item).toMatchObject({
      description: `Você foi incluído na Ordem de Serviço ${number}.`,
      url: `/invoices/${id}/edit`,
      readAt: null,
    });
    const read = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/notifications/${item.id}/mark-as-read`,
      headers: t.org.as(t.org.worker.token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    // Nobody else reads it, not even an admin of the organization.
    const foreign = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/notifications/${item.id}/mark-as-read`,
      headers: t.org.as(second.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await noticesOf(t.org.admin.id, `invoice-assigned:${id}:`)).toHaveLength(0);
  });

  it('an admin putting themself on an order is not told of it', async () => {
    const { id } = await t.world.createInvoice();
    await t.world.assignWorker(id, t.org.admin.id);
    expect(await noticesOf(t.org.admin.id, `invoice-assigned:${id}:`)).toHaveLength(0);
  });

  it('with the visit already booked, the notice names its time (in the organization zone)', async () => {
    const { id, number } = await t.world.createInvoice();
    expect((await visitOf(id, '2030-05-10T14:30:00-03:00')).statusCode).toBe(200);
    await t.world.assignWorker(id);
    const [notice] = await noticesOf(t.org.worker.id, `invoice-assigned:${id}:`);
    expect(notice!.description).toBe(`Você foi incluído na Ordem de Serviço ${number}, visita em 10/05/2030 às 14:30.`);
  });

  it('handed the visit on the agenda: the new technician is told once, with the new time', async () => {
    const { id, number } = await t.world.createInvoice();
    await visitOf(id, '2030-06-01T09:00:00-03:00');
    await t.world.assignWorker(id);
    const moved = await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${t.org.organization.id}/agenda/${id}`,
      headers: t.org.as(t.org.admin.token),
      payload: { scheduledAt: '2030-06-02T10:00:00-03:00', from: t.org.worker.id, to: second.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const assigned = await noticesOf(second.id, `invoice-assigned:${id}:`);
    expect(assigned.map((x) => x.description)).toEqual([
      `Você foi incluído na Ordem de Serviço ${number}, visita em 02/06/2030 às 10:00.`,
    ]);
    expect(await noticesOf(second.id, `visit-moved:${id}:`)).toHaveLength(0);
    // The one who left the order is not told it moved.
    expect(await noticesOf(t.org.worker.id, `visit-moved:${id}:`)).toHaveLength(0);
  });
});

describe('a visit moved or called off', () => {
  it('each move is news to the technicians, back to an earlier time too; other edits are not', async () => {
    const { id, number } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    await visitOf(id, '2030-07-01T08:00:00-03:00');
    await visitOf(id, '2030-07-01T15:00:00-03:00');
    await visitOf(id, '2030-07-01T08:00:00-03:00');
    await visitOf(id, '2030-07-01T08:00:00-03:00', 'Outro problema'); // the time stays: no notice
    const notices = await noticesOf(t.org.worker.id, `visit-moved:${id}:`);
    expect(notices.map((x) => x.description)).toEqual([
      `A visita da Ordem de Serviço ${number} passou para 01/07/2030 às 08:00.`,
      `A visita da Ordem de Serviço ${number} passou para 01/07/2030 às 15:00.`,
      `A visita da Ordem de Serviço ${number} passou para 01/07/2030 às 08:00.`,
    ]);
    expect(notices[0]).toMatchObject({ title: `Visita da OS ${number} remarcada`, url: `/invoices/${id}/edit` });

    expect((await visitOf(id, null)).statusCode).toBe(200);
    const [off] = await noticesOf(t.org.worker.id, `visit-unscheduled:${id}:`);
    expect(off!.title).toBe(`Visita da OS ${number} desmarcada`);
  });

  it('moved on the agenda: the technicians are told; the admin who moved it, also on the order, is not', async () => {
    const { id } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    await t.world.assignWorker(id, t.org.admin.id);
    const moved = await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${t.org.organization.id}/agenda/${id}`,
      headers: t.org.as(t.org.admin.token),
      payload: { scheduledAt: '2030-08-01T10:00:00-03:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await noticesOf(t.org.worker.id, `visit-moved:${id}:`)).toHaveLength(1);
    expect(await noticesOf(t.org.admin.id, `visit-moved:${id}:`)).toHaveLength(0);
  });

  it('the order cancelled: its technicians are told with the reason, the admin who cancelled it is not', async () => {
    const { id, number } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    await t.world.assignWorker(id, t.org.admin.id);
    const reason = t.world.statusOf(InvoiceState.Canceled);
    expect((await t.world.admin('POST', `/${id}/cancel/${reason.id}`)).statusCode).toBe(200);
    const [notice] = await noticesOf(t.org.worker.id, `invoice-canceled:${id}:`);
    expect(notice).toMatchObject({
      title: `OS ${number} cancelada`,
      description: `A Ordem de Serviço ${number} foi cancelada. Motivo: ${reason.label}.`,
    });
    expect(await noticesOf(t.org.admin.id, `invoice-canceled:${id}:`)).toHaveLength(0);
  });
});

describe('a comment on the order', () => {
  it("from the office: the order's technicians are told, the author is not; an Internal one tells nobody", async () => {
    const { id, number } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    await t.world.assignWorker(id, t.org.admin.id);
    const general = await t.world.admin('POST', `/${id}/comments`, { comment: 'Levar escada', type: 1 });
    expect(general.statusCode, general.body).toBe(201);
    const [notice] = await noticesOf(t.org.worker.id, 'invoice-comment:');
    expect(notice).toMatchObject({
      title: `Comentário na OS ${number}`,
      description: 'Admin Teste: Levar escada',
      url: `/invoices/${id}/edit`,
      sourceKey: `invoice-comment:${general.json().id}`,
    });
    expect(await noticesOf(t.org.admin.id, 'invoice-comment:')).toHaveLength(0);
    expect((await t.world.admin('POST', `/${id}/comments`, { comment: 'Cobrar a mais', type: 3 })).statusCode).toBe(
      201,
    );
    expect(await noticesOf(t.org.worker.id, 'invoice-comment:')).toHaveLength(1);
  });

  it("a technician's own comment tells nobody", async () => {
    const { id } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    await t.world.assignWorker(id, second.id);
    const res = await t.world.worker('POST', `/${id}/comments`, { comment: 'Peça em falta', type: 1 });
    expect(res.statusCode).toBe(201);
    const key = `invoice-comment:${res.json().id}`;
    for (const user of [t.org.worker.id, second.id, t.org.admin.id]) expect(await noticesOf(user, key)).toHaveLength(0);
  });
});

describe('without the notifications feature', () => {
  it('nothing is written and the bell is refused', async () => {
    const world = await invoiceWorld(t.ctx, t.lite);
    const { id } = await world.createInvoice();
    await world.assignWorker(id);
    expect(await noticesOf(t.lite.worker.id, '')).toHaveLength(0);
    const res = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${t.lite.organization.id}/notifications`,
      headers: t.lite.as(t.lite.worker.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
