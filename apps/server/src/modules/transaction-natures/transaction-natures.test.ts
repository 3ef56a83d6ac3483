import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrg(ctx);
  other = await createOrg(ctx);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (o: TestOrg, token: string | null, method: Method, path: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/organizations/${o.organization.id}/transaction-natures${path}`,
    headers: token ? o.as(token) : {},
    ...(payload ? { payload } : {}),
  });
const create = async (o: TestOrg, body: object) => {
  const res = await call(o, o.admin.token, 'POST', '', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; description: string };
};

describe('transaction natures: access', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create(org, { name: 'Garantia', description: 'Retorno' })).id;
  });
  const routes = (): Array<[Method, string, object?]> => [
    ['GET', ''],
    ['POST', '', { name: 'X' }],
    ['GET', `/${id}`],
    ['PUT', `/${id}`, { name: 'X' }],
  ];

  it('401 without a token on every route', async () => {
    for (const [method, path, body] of routes()) {
      expect((await call(org, null, method, path, body)).statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('403 for a collaborator on every route', async () => {
    for (const [method, path, body] of routes()) {
      expect((await call(org, org.worker.token, method, path, body)).statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it("403 for another organization's path; 404 for another organization's id", async () => {
    const res = await ctx.app.inject({
      url: `/api/organizations/${other.organization.id}/transaction-natures`,
      headers: org.as(org.admin.token),
    });
    expect(res.statusCode).toBe(403);
    expect((await call(other, other.admin.token, 'GET', `/${id}`)).statusCode).toBe(404);
    expect((await call(other, other.admin.token, 'PUT', `/${id}`, { name: 'Y' })).statusCode).toBe(404);
    expect((await call(org, org.admin.token, 'GET', `/${id}`)).json().name).toBe('Garantia');
  });
});

describe('transaction natures: create, update, list', () => {
  it('name required, description optional (stored empty)', async () => {
    const bad = await call(org, org.admin.token, 'POST', '', { description: 'sem nome' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['name']);
    const n = await create(org, { name: 'Contrato de manutenção' });
    expect(n).toMatchObject({ name: 'Contrato de manutenção', description: '' });
    const put = await call(org, org.admin.token, 'PUT', `/${n.id}`, {
      name: 'Contrato mensal',
      description: 'Visitas cobertas',
    });
    expect(put.json()).toEqual({ id: n.id, name: 'Contrato mensal', description: 'Visitas cobertas' });
    const tooLong = await call(org, org.admin.token, 'PUT', `/${n.id}`, { name: 'X', description: 'a'.repeat(501) });
    expect(Object.keys(tooLong.json().errors)).toEqual(['description']);
  });

  it('paginates with the real total and searches', async () => {
    const fresh = await createOrg(ctx);
    for (const n of ['Prestação de serviço', 'Garantia', 'Contrato', 'Cortesia']) await create(fresh, { name: n });
    const res = await call(fresh, fresh.admin.token, 'GET', '?take=3');
    expect(res.json().meta).toEqual({ total: 4, skip: 0, take: 3 });
    expect(res.json().data.map((n: { name: string }) => n.name)).toEqual(['Contrato', 'Cortesia', 'Garantia']);
    const found = await call(fresh, fresh.admin.token, 'GET', '?q=prestacao');
    expect(found.json().data).toHaveLength(1);
  });
});
