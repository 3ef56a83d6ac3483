import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agendaMessages, InvoiceState, invoiceMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createOrg } from '../../../test/helpers.ts';
import { invoiceWorld, worldPerFile } from '../../../test/invoice-fixtures.ts';

// The agenda: the visits of a period by technician (a collaborator: their own), drag to another time
// or technician (admin, open orders), overlaps reported; open orders without a visit to drag in.
const t = worldPerFile();
let second: { id: number; name: string };
beforeAll(async () => {
  const user = await t.world.newUser();
  second = { id: user.id, name: user.name };
});

const base = () => `/api/organizations/${t.org.organization.id}/agenda`;
const get = (token: string, query: string) =>
  t.ctx.app.inject({ method: 'GET', url: `${base()}${query}`, headers: t.org.as(token) });
const move = (id: number, payload: object, token = t.org.admin.token) =>
  t.ctx.app.inject({ method: 'PUT', url: `${base()}/${id}`, headers: t.org.as(token), payload });

/** An order with a visit at `when` (ISO) lasting `minutes`, with the collaborator on it unless told. */
async function visit(when: string | null, opts: { minutes?: number; worker?: number | null } = {}) {
  const { id, number } = await t.world.createInvoice();
  await t.ctx.database.db
    .update(schema.invoices)
    .set({ scheduledAt: when ? new Date(when) : null, durationMinutes: opts.minutes ?? 60 })
    .where(eq(schema.invoices.id, id));
  const worker = opts.worker === undefined ? t.org.worker.id : opts.worker;
  if (worker !== null) await t.world.assignWorker(id, worker);
  return { id, number };
}

describe('GET agenda', () => {
  it('the visits of the days asked, in the organization time zone, with workers and duration; cancelled left out', async () => {
    // São Paulo is UTC-3: 2030-03-04 00:30 local is 03:30 UTC; 2030-03-05 23:30 local is 2030-03-06 02:30 UTC.
    const early = await visit('2030-03-04T03:30:00Z', { minutes: 90 });
    const late = await visit('2030-03-06T02:30:00Z');
    const outside = await visit('2030-03-06T03:30:00Z');
    const cancelled = await visit('2030-03-04T15:00:00Z');
    await t.world.moveTo(cancelled.id, InvoiceState.Canceled);
    const res = await get(t.org.admin.token, '?from=2030-03-04&to=2030-03-05');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Array<{ invoiceId: number; durationMinutes: number; workers: unknown[] }>;
    expect(data.map((v) => v.invoiceId)).toEqual([early.id, late.id]);
    expect(data[0]).toMatchObject({
      number: early.number,
      customerName: t.world.customer.name,
      customerPhone: t.world.customer.phone ?? null,
      scheduledAt: '2030-03-04T03:30:00.000Z',
      durationMinutes: 90,
      workers: [{ id: t.org.worker.id, name: expect.any(String) }],
    });
    expect(data.map((v) => v.invoiceId)).not.toContain(outside.id);
  });

  it('a collaborator sees only the visits of orders they work on; the worker filter narrows an admin’s view', async () => {
    const mine = await visit('2030-04-01T12:00:00Z');
    const theirs = await visit('2030-04-01T13:00:00Z', { worker: second.id });
    const asWorker = (await get(t.org.worker.token, '?from=2030-04-01&to=2030-04-01')).json().data as Array<{
      invoiceId: number;
    }>;
    expect(asWorker.map((v) => v.invoiceId)).toEqual([mine.id]);
    const filtered = (await get(t.org.admin.token, `?from=2030-04-01&to=2030-04-01&worker=${second.id}`)).json()
      .data as Array<{ invoiceId: number }>;
    expect(filtered.map((v) => v.invoiceId)).toEqual([theirs.id]);
  });

  it('422 on the field for a reversed or too long period, or a bad date', async () => {
    const reversed = await get(t.org.admin.token, '?from=2030-04-02&to=2030-04-01');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual([agendaMessages.toBeforeFrom]);
    const long = await get(t.org.admin.token, '?from=2030-01-01&to=2030-03-01');
    expect(long.json().errors.to).toEqual([agendaMessages.spanTooLong]);
    expect((await get(t.org.admin.token, '?from=2030-02-30&to=2030-03-01')).statusCode).toBe(422);
  });

  it("another organization's agenda is refused, and it does not show this organization's visits", async () => {
    const other = await createOrg(t.ctx);
    const res = await t.ctx.app.inject({
      method: 'GET',
      url: `${base()}?from=2030-03-04&to=2030-03-05`,
      headers: other.as(other.admin.token),
    });
    expect(res.statusCode).toBe(403);
    const own = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${other.organization.id}/agenda?from=2030-03-04&to=2030-03-05`,
      headers: other.as(other.admin.token),
    });
    expect(own.json().data).toEqual([]);
  });
});

describe('PUT agenda/{invoiceId}', () => {
  it('moves the visit and hands it to another technician in one step, with its audit line', async () => {
    const v = await visit('2030-05-10T12:00:00Z');
    const res = await move(v.id, {
      scheduledAt: '2030-05-11T14:00:00-03:00',
      durationMinutes: 120,
      from: t.org.worker.id,
      to: second.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().visit).toMatchObject({
      invoiceId: v.id,
      scheduledAt: '2030-05-11T17:00:00.000Z',
      durationMinutes: 120,
      workers: [{ id: second.id, name: second.name }],
    });
    const trail = await t.world.auditOf(v.id);
    expect(JSON.stringify(trail)).toContain('durationMinutes');
  });

  it('reports the overlaps with the technician’s other visits, and moves anyway', async () => {
    const a = await visit('2030-06-01T12:00:00Z', { minutes: 90 });
    const b = await visit('2030-06-01T15:00:00Z');
    const res = await move(b.id, { scheduledAt: '2030-06-01T13:00:00Z' });
    expect(res.statusCode).toBe(200);
    expect(res.json().overlaps).toEqual([{ invoiceId: a.id, number: a.number, workerName: expect.any(String) }]);
    const clear = await move(b.id, { scheduledAt: '2030-06-01T13:30:00Z' });
    expect(clear.json().overlaps).toEqual([]);
  });

  it('drags an unscheduled order in: it leaves the unscheduled list and joins the agenda', async () => {
    const v = await visit(null, { worker: null });
    const listed = await get(t.org.admin.token, `/unscheduled?q=${v.number}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((o: { invoiceId: number }) => o.invoiceId)).toEqual([v.id]);
    expect((await move(v.id, { scheduledAt: '2030-07-01T12:00:00Z', to: second.id })).statusCode).toBe(200);
    expect((await get(t.org.admin.token, `/unscheduled?q=${v.number}`)).json().meta.total).toBe(0);
    const day = (await get(t.org.admin.token, '?from=2030-07-01&to=2030-07-01')).json().data;
    expect(day.map((o: { invoiceId: number }) => o.invoiceId)).toContain(v.id);
  });

  it('refuses: a collaborator (403), a closed order (409), a technician not on the order or inactive (422)', async () => {
    const v = await visit('2030-08-01T12:00:00Z');
    expect((await move(v.id, { scheduledAt: '2030-08-02T12:00:00Z' }, t.org.worker.token)).statusCode).toBe(403);
    const notOn = await move(v.id, { scheduledAt: '2030-08-02T12:00:00Z', from: second.id, to: t.org.admin.id });
    expect(notOn.statusCode).toBe(422);
    expect(notOn.json().errors.from).toEqual([agendaMessages.workerNotOnOrder]);
    const inactive = await t.world.newUser({ isActive: false });
    const bad = await move(v.id, { scheduledAt: '2030-08-02T12:00:00Z', to: inactive.id });
    expect(bad.json().errors.to).toEqual([agendaMessages.workerInvalid]);
    expect(
      (await move(v.id, { scheduledAt: '2030-08-02T12:00:00Z', durationMinutes: 5 })).json().errors.durationMinutes,
    ).toEqual([agendaMessages.durationInvalid]);
    await t.world.moveTo(v.id, InvoiceState.Completed);
    const closed = await move(v.id, { scheduledAt: '2030-08-03T12:00:00Z' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ errors: [invoiceMessages.closed] });
    const [row] = await t.ctx.database.db.select().from(schema.invoices).where(eq(schema.invoices.id, v.id));
    expect(row!.scheduledAt!.toISOString()).toBe('2030-08-01T12:00:00.000Z');
  });

  it("another organization's order is a 404", async () => {
    const other = await createOrg(t.ctx);
    const otherWorld = await invoiceWorld(t.ctx, other);
    const { id } = await otherWorld.createInvoice();
    expect((await move(id, { scheduledAt: '2030-08-02T12:00:00Z' })).statusCode).toBe(404);
  });
});
