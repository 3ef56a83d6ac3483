import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, noFeatures } from '@oficina/contracts';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let lite: TestOrg;
beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrg(ctx);
  other = await createOrg(ctx);
  lite = await createOrg(ctx, { features: noFeatures });
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
type Reminder = { id: number; description: string; isRequired: boolean; isActive: boolean };
const call = (o: TestOrg, token: string | null, method: Method, path: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/organizations/${o.organization.id}/reminders${path}`,
    headers: token ? o.as(token) : {},
    ...(payload ? { payload } : {}),
  });
const create = async (o: TestOrg, body: object) => {
  const res = await call(o, o.admin.token, 'POST', '', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Reminder;
};

describe('reminders: access', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create(org, { description: 'Ligar para o cliente' })).id;
  });
  const routes = (): Array<[Method, string, object?]> => [
    ['GET', ''],
    ['GET', '/actives'],
    ['POST', '', { description: 'X' }],
    ['GET', `/${id}`],
    ['PUT', `/${id}`, { description: 'X' }],
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

  it('403 for the admin of an organization without the reminders feature, on every route', async () => {
    for (const [method, path, body] of routes()) {
      const res = await call(lite, lite.admin.token, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json()).toEqual({ errors: [messages.featureDisabled] });
    }
  });

  it("403 for another organization's path; 404 for another organization's id", async () => {
    const res = await ctx.app.inject({
      url: `/api/organizations/${other.organization.id}/reminders`,
      headers: org.as(org.admin.token),
    });
    expect(res.statusCode).toBe(403);
    expect((await call(other, other.admin.token, 'GET', `/${id}`)).statusCode).toBe(404);
    expect((await call(other, other.admin.token, 'PUT', `/${id}`, { description: 'Y' })).statusCode).toBe(404);
  });
});

describe('reminders: create, edit, list', () => {
  it('description required; toggles default to not required and active', async () => {
    const bad = await call(org, org.admin.token, 'POST', '', { isRequired: true });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['description']);
    const wrongType = await call(org, org.admin.token, 'POST', '', { description: 'X', isActive: 'sim' });
    expect(Object.keys(wrongType.json().errors)).toEqual(['isActive']);
    const r = await create(org, { description: 'Enviar lembrete de manutenção' });
    expect(r).toMatchObject({ isRequired: false, isActive: true });
    const put = await call(org, org.admin.token, 'PUT', `/${r.id}`, {
      description: 'Enviar lembrete de manutenção semestral',
      isRequired: true,
      isActive: false,
    });
    expect(put.json()).toEqual({
      id: r.id,
      description: 'Enviar lembrete de manutenção semestral',
      isRequired: true,
      isActive: false,
    });
  });

  it('lists all with the real total; actives leaves the inactive ones out', async () => {
    const fresh = await createOrg(ctx);
    await create(fresh, { description: 'A ligar', isActive: true });
    await create(fresh, { description: 'B visitar', isActive: false });
    await create(fresh, { description: 'C cobrar', isActive: true });
    const all = await call(fresh, fresh.admin.token, 'GET', '?take=2');
    expect(all.json().meta).toEqual({ total: 3, skip: 0, take: 2 });
    const actives = await call(fresh, fresh.admin.token, 'GET', '/actives');
    expect(actives.json().data.map((r: Reminder) => r.description)).toEqual(['A ligar', 'C cobrar']);
    expect(actives.json().meta.total).toBe(2);
  });
});
