import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ordem-certa/contracts';
import { type TestOrg, perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// The audit-log screen's list: filters, search, paging, the change lines, and who may read it.
const t = perFile({ other: true, lite: true, world: invoiceWorld });
let first: { id: number; number: number };
let second: { id: number; number: number };

const get = (o: TestOrg, qs = '', token = o.admin.token) =>
  t.ctx.app.inject({ url: `/api/organizations/${o.organization.id}/audit-logs${qs}`, headers: o.as(token) });

beforeAll(async () => {
  first = await t.world.createInvoice();
  second = await t.world.createInvoice(t.world.otherCustomer.id);
  await t.world.admin('POST', `/${first.id}/info`, { invoiceInfo1: 'PC-77' });
  await t.world.assignWorker(first.id);
  await t.world.worker('GET', `/${first.id}`);
  await t.theirs.createInvoice();
});

describe('access', () => {
  it('401 without a token', async () => {
    expect((await t.ctx.app.inject({ url: `/api/organizations/${t.org.organization.id}/audit-logs` })).statusCode).toBe(
      401,
    );
  });
  it("another organization's id → 403 in the path, 404 as the user filter", async () => {
    expect((await get(t.org, '', t.other.admin.token)).statusCode).toBe(403);
    expect((await get(t.org, `?user=${t.other.admin.id}`)).statusCode).toBe(404);
  });
  it('403 for a collaborator and for an organization without the auditLogs feature', async () => {
    expect((await get(t.org, '', t.org.worker.token)).statusCode).toBe(403);
    const res = await get(t.lite);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([messages.featureDisabled]);
  });
  it('422 for an unknown action', async () => {
    const res = await get(t.org, '?action=explode');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['action']);
  });
});

describe('list', () => {
  it("newest first, only the organization's, with who, the entity's number and the change lines", async () => {
    const res = await get(t.org);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta.total).toBe(data.length);
    expect(data.every((r: { entityId: number }) => [first.id, second.id].includes(r.entityId))).toBe(true);
    const ids = data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const info = data.find(
      (r: { action: string; data: Array<{ field: string }> }) =>
        r.action === 'update' && r.data.some((d) => d.field === 'invoiceInfo1'),
    );
    expect(info).toMatchObject({
      entity: 'invoice',
      entityId: first.id,
      entityNumber: first.number,
      userId: t.org.admin.id,
      user: 'Admin Teste',
      data: [{ field: 'invoiceInfo1', before: null, after: 'PC-77' }],
    });
  });
  it('filters by user and by action', async () => {
    const views = (await get(t.org, `?user=${t.org.worker.id}`)).json();
    expect(views.data).toHaveLength(1);
    expect(views.data[0]).toMatchObject({ action: 'view', user: 'Colaborador Teste', entityId: first.id });
    const creates = (await get(t.org, '?action=create')).json();
    expect(creates.data.map((r: { entityId: number }) => r.entityId).sort()).toEqual([first.id, second.id].sort());
  });
  it("q finds an order's number or a piece of the user's name (accents and case ignored)", async () => {
    const byNumber = (await get(t.org, `?q=${second.number}`)).json();
    expect(byNumber.data.length).toBeGreaterThan(0);
    expect(
      byNumber.data.every((r: { entityId: number }) => r.entityId === second.id || r.entityId === second.number),
    ).toBe(true);
    const byName = (await get(t.org, '?q=COLABORADOR')).json();
    expect(byName.data.map((r: { action: string }) => r.action)).toEqual(['view']);
  });
  it('pages with the real total, also past the end', async () => {
    const all = (await get(t.org)).json().meta.total;
    const page = (await get(t.org, '?take=2&skip=1')).json();
    expect(page.data).toHaveLength(2);
    expect(page.meta).toEqual({ total: all, skip: 1, take: 2 });
    const past = (await get(t.org, '?skip=500')).json();
    expect(past).toEqual({ data: [], meta: { total: all, skip: 500, take: 25 } });
  });
});
