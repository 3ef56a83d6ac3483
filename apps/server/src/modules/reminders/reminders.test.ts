import { beforeAll, describe, expect, it } from 'vitest';
import { messages, noFeatures } from '@ordem-certa/contracts';
import { createOrg, type TestOrg } from '../../../test/helpers.ts';
import { itChecksAccess, registerApi, twoOrganizations, type Route } from '../../../test/register-tests.ts';

const suite = twoOrganizations();
let lite: TestOrg;
beforeAll(async () => {
  lite = await createOrg(suite.ctx, { features: noFeatures });
});

type Reminder = { id: number; description: string; isRequired: boolean; isActive: boolean };
const api = registerApi<Reminder>(suite, (o) => `/api/organizations/${o.organization.id}/reminders`);
const { call, create } = api;

describe('reminders: access', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create(suite.org, { description: 'Ligar para o cliente' })).id;
  });
  const routes = (): Route[] => [
    ['GET', ''],
    ['GET', '/actives'],
    ['POST', '', { description: 'X' }],
    ['GET', `/${id}`],
    ['PUT', `/${id}`, { description: 'X' }],
  ];

  itChecksAccess(api, {
    routes,
    idRoutes: () => [
      ['GET', `/${id}`],
      ['PUT', `/${id}`, { description: 'Y' }],
    ],
  });

  it('403 for the admin of an organization without the reminders feature, on every route', async () => {
    for (const [method, path, body] of routes()) {
      const res = await call(lite, lite.admin.token, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json()).toEqual({ errors: [messages.featureDisabled] });
    }
  });
});

describe('reminders: create, edit, list', () => {
  it('description required; toggles default to not required and active', async () => {
    const bad = await call(suite.org, suite.org.admin.token, 'POST', '', { isRequired: true });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['description']);
    const wrongType = await call(suite.org, suite.org.admin.token, 'POST', '', { description: 'X', isActive: 'sim' });
    expect(Object.keys(wrongType.json().errors)).toEqual(['isActive']);
    const r = await create(suite.org, { description: 'Enviar lembrete de manutenção' });
    expect(r).toMatchObject({ isRequired: false, isActive: true });
    const put = await call(suite.org, suite.org.admin.token, 'PUT', `/${r.id}`, {
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
    const fresh = await createOrg(suite.ctx);
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
