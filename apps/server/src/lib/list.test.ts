import { beforeAll, describe, expect, it } from 'vitest';
import { formatCpf, PersonType } from '@ordem-certa/contracts';
import { type TestOrg, perFile } from '../../test/helpers.ts';
import { newCpf } from '../../test/factories.ts';

// listPage and countRows through a real list (customers): the total is exact on every page, also
// when a total counted before is reused and right after writes that change it.
const t = perFile({ other: true });

const base = (o: TestOrg) => `/api/organizations/${o.organization.id}/customers`;
const list = async (o: TestOrg, qs: string) => {
  const res = await t.ctx.app.inject({ url: base(o) + qs, headers: o.as(o.admin.token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Array<{ id: number; name: string }>; meta: { total: number } };
};
const create = async (o: TestOrg, name: string) => {
  const res = await t.ctx.app.inject({
    method: 'POST',
    url: base(o),
    headers: o.as(o.admin.token),
    payload: { type: PersonType.Natural, identifier: formatCpf(newCpf()), name },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
};

beforeAll(async () => {
  for (let n = 1; n <= 5; n++) await create(t.org, `Cliente ${n}`);
  await create(t.other, 'Cliente de outra organização');
});

describe('list totals', () => {
  it('401 without a token', async () => {
    expect((await t.ctx.app.inject({ url: base(t.org) })).statusCode).toBe(401);
  });

  it("another organization's list is refused and never counted in", async () => {
    const res = await t.ctx.app.inject({ url: base(t.other), headers: t.org.as(t.org.admin.token) });
    expect(res.statusCode).toBe(403);
    expect((await list(t.other, '')).meta.total).toBe(1);
  });

  it('a full page, a last short page, a page past the end and a search all carry the real total', async () => {
    expect((await list(t.org, '?take=2')).meta.total).toBe(5);
    const last = await list(t.org, '?take=2&skip=4');
    expect(last.data).toHaveLength(1);
    expect(last.meta.total).toBe(5);
    const past = await list(t.org, '?take=2&skip=40');
    expect(past.data).toHaveLength(0);
    expect(past.meta.total).toBe(5);
    expect((await list(t.org, '?take=1&q=cliente 3')).meta.total).toBe(1);
    expect((await list(t.org, '?take=10')).meta.total).toBe(5);
  });

  it('a reused total follows every insert, update and delete at once', async () => {
    expect((await list(t.org, '?take=2')).meta.total).toBe(5);
    expect((await list(t.org, '?take=2')).meta.total).toBe(5); // served again from the reused count
    const id = await create(t.org, 'Cliente novo');
    expect((await list(t.org, '?take=2')).meta.total).toBe(6);
    expect((await list(t.org, '?take=1&q=renomeado')).meta.total).toBe(0);
    const put = await t.ctx.app.inject({
      method: 'PUT',
      url: `${base(t.org)}/${id}`,
      headers: t.org.as(t.org.admin.token),
      payload: { type: PersonType.Natural, name: 'Cliente renomeado' },
    });
    expect(put.statusCode).toBe(200);
    expect((await list(t.org, '?take=1&q=renomeado')).meta.total).toBe(1);
    const del = await t.ctx.app.inject({
      method: 'DELETE',
      url: `${base(t.org)}/${id}`,
      headers: t.org.as(t.org.admin.token),
    });
    expect(del.statusCode).toBeLessThan(300);
    expect((await list(t.org, '?take=2')).meta.total).toBe(5);
    expect((await list(t.org, '?take=1&q=renomeado')).meta.total).toBe(0);
    // The other organization's writes do not disturb this one's totals, nor the reverse.
    await create(t.other, 'Mais um de outra organização');
    expect((await list(t.org, '?take=2')).meta.total).toBe(5);
    expect((await list(t.other, '?take=1')).meta.total).toBe(2);
  });
});
