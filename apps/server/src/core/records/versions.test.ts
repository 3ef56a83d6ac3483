import { describe, expect, it } from 'vitest';
import { versionMessages } from '@ordem-certa/contracts';
import { perFile } from '../../../test/helpers.ts';
import { estimateWorld } from '../../../test/estimate-fixtures.ts';

// Row versions: a write carries the version its form was loaded with; one made against a newer
// version is refused with what changed, one made against the current version passes, and one
// without a version (API clients, imports) is not checked.
const t = perFile({ world: estimateWorld });

type Answer = Awaited<ReturnType<typeof t.world.admin>>;
const expectConflict = (res: Answer, version: number, changed: string[], current: Record<string, unknown>) => {
  expect(res.statusCode, res.body).toBe(409);
  const body = res.json();
  expect(body.errors).toEqual([versionMessages.changedByOther]);
  expect(body.conflict.version).toBe(version);
  expect(body.conflict.changed.sort()).toEqual([...changed].sort());
  expect(body.conflict.current).toMatchObject(current);
};

describe('service orders', () => {
  it('the visit moved by another stays moved: a stale save is refused, and a dialog sending only its field keeps the time', async () => {
    const { id } = await t.world.createInvoice();
    const loaded = (await t.world.admin('GET', `/${id}`)).json();
    const v0 = loaded.version as number;
    expect(v0).toEqual(expect.any(Number));

    // A saves the problem and moves the visit to 19:30.
    const a = await t.world.admin('POST', `/${id}/visit`, {
      reportedProblem: 'Texto de A',
      scheduledAt: '2026-12-10T19:30:00-03:00',
      version: v0,
    });
    expect(a.statusCode, a.body).toBe(200);
    const v1 = a.json().version as number;
    expect(v1).toBeGreaterThan(v0);

    // B, still on what it loaded, saves its text with the old time: refused, nothing written.
    const b = await t.world.admin('POST', `/${id}/visit`, {
      reportedProblem: 'Texto de B',
      scheduledAt: '2026-12-10T18:30:00-03:00',
      address: null,
      version: v0,
    });
    expectConflict(b, v1, ['reportedProblem', 'scheduledAt'], {
      reportedProblem: 'Texto de A',
      scheduledAt: '2026-12-10T22:30:00.000Z',
      address: null,
    });
    const after = (await t.world.admin('GET', `/${id}`)).json();
    expect(after).toMatchObject({
      reportedProblem: 'Texto de A',
      scheduledAt: '2026-12-10T22:30:00.000Z',
      version: v1,
    });

    // B keeps its own text against the new version, sending only that field: the visit stays at 19:30.
    const again = await t.world.admin('POST', `/${id}/visit`, { reportedProblem: 'Texto de B', version: v1 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ reportedProblem: 'Texto de B', scheduledAt: '2026-12-10T22:30:00.000Z' });
  });

  it('admin data and discount: stale → 409, fresh → 200, without a version → not checked', async () => {
    const { id } = await t.world.createInvoice();
    await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 2 });
    const v0 = (await t.world.admin('GET', `/${id}`)).json().version as number;
    const first = await t.world.admin('POST', `/${id}/info`, { invoiceInfo1: 'PC-1', version: v0 });
    expect(first.statusCode, first.body).toBe(200);
    const v1 = first.json().version as number;

    const stale = await t.world.admin('POST', `/${id}/info`, { invoiceInfo2: 'NF-9', version: v0 });
    expectConflict(stale, v1, ['invoiceInfo2'], { invoiceInfo1: 'PC-1', invoiceInfo2: null });
    const fresh = await t.world.admin('POST', `/${id}/info`, { invoiceInfo2: 'NF-9', version: v1 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    // The field left out kept its value.
    expect(fresh.json()).toMatchObject({ invoiceInfo1: 'PC-1', invoiceInfo2: 'NF-9' });

    const v2 = fresh.json().version as number;
    expectConflict(await t.world.admin('POST', `/${id}/discount`, { discount: 1, version: v1 }), v2, ['discount'], {
      discount: 0,
    });
    expect((await t.world.admin('POST', `/${id}/discount`, { discount: 1, version: v2 })).statusCode).toBe(200);
    // No version: the write is not checked (API clients, imports).
    const unchecked = await t.world.admin('POST', `/${id}/discount`, { discount: 2 });
    expect(unchecked.statusCode, unchecked.body).toBe(200);
    expect(unchecked.json().discount).toBe(2);
  });

  it('a line added by someone else also makes the loaded version stale', async () => {
    const { id } = await t.world.createInvoice();
    const v0 = (await t.world.admin('GET', `/${id}`)).json().version as number;
    await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
    const res = await t.world.admin('POST', `/${id}/visit`, { reportedProblem: 'Depois', version: v0 });
    expect(res.statusCode).toBe(409);
    // What changed is not among the fields it sends: the current values say so (the screen saves again).
    expect(res.json().conflict).toMatchObject({ changed: ['reportedProblem'], current: { reportedProblem: null } });
  });
});

describe('estimates', () => {
  it('status and discount: stale → 409 with the current values, fresh → 200', async () => {
    const { id } = await t.world.createEstimate();
    await t.world.est('POST', `/${id}/services`, { service: t.world.service.id, quantity: 2 });
    const v0 = (await t.world.est('GET', `/${id}`)).json().version as number;
    const discount = await t.world.est('POST', `/${id}/discount`, { discount: 5, version: v0 });
    expect(discount.statusCode, discount.body).toBe(200);
    const v1 = discount.json().version as number;
    expect(v1).toBeGreaterThan(v0);

    expectConflict(await t.world.est('POST', `/${id}/discount`, { discount: 7, version: v0 }), v1, ['discount'], {
      discount: 5,
    });
    expectConflict(await t.world.est('PATCH', `/${id}`, { status: 1, version: v0 }), v1, ['status'], { status: 0 });
    expect((await t.world.est('GET', `/${id}`)).json()).toMatchObject({ discount: 5, status: 0 });
    const moved = await t.world.est('PATCH', `/${id}`, { status: 1, version: v1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().status).toBe(1);
  });
});

describe('customers', () => {
  it('PUT: stale → 409 naming the fields that differ, fresh → 200, without a version → not checked', async () => {
    const url = `/api/organizations/${t.org.organization.id}/customers/${t.world.otherCustomer.id}`;
    const call = (method: 'GET' | 'PUT', payload?: object) =>
      t.ctx.app.inject({ method, url, headers: t.org.as(t.org.admin.token), ...(payload ? { payload } : {}) });
    const loaded = (await call('GET')).json();
    const body = { type: loaded.type, name: loaded.name, alias: null, email: null, phone: null };
    const first = await call('PUT', { ...body, email: 'a@exemplo.com.br', version: loaded.version });
    expect(first.statusCode, first.body).toBe(200);
    const v1 = first.json().version as number;
    expect(v1).toBeGreaterThan(loaded.version);

    expectConflict(
      await call('PUT', { ...body, phone: '(11) 98765-4321', version: loaded.version }),
      v1,
      ['email', 'phone'],
      {
        email: 'a@exemplo.com.br',
        phone: null,
        name: loaded.name,
      },
    );
    expect((await call('GET')).json()).toMatchObject({ email: 'a@exemplo.com.br', phone: null });
    const fresh = await call('PUT', { ...body, email: 'a@exemplo.com.br', phone: '(11) 98765-4321', version: v1 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const unchecked = await call('PUT', { ...body, name: 'Sem versão' });
    expect(unchecked.statusCode, unchecked.body).toBe(200);
    expect(unchecked.json().name).toBe('Sem versão');
  });
});
