import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg } from '../../../test/helpers.ts';
import { itChecksAccess, registerApi, twoOrganizations, type Route } from '../../../test/register-tests.ts';

const suite = twoOrganizations();

const api = registerApi<{ id: number; name: string; code: string | null; price: number; archivedAt: string | null }>(
  suite,
  (o) => `/api/organizations/${o.organization.id}/services`,
);
const { call, create } = api;
const names = (res: { json(): { data: Array<{ name: string }> } }) => res.json().data.map((s) => s.name);

describe('services: access', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create(suite.org, { name: 'Visita técnica', price: 90 })).id;
  });
  const routes = (): Route[] => [
    ['GET', ''],
    ['POST', '', { name: 'X', price: 1 }],
    ['GET', `/${id}`],
    ['PUT', `/${id}`, { name: 'X', price: 1 }],
    ['DELETE', `/${id}`],
  ];

  itChecksAccess(api, {
    routes,
    idRoutes: () => routes().slice(2),
    titles: {
      collaborator: '403 for a collaborator on every route (admin only)',
      apart: "403 for another organization's path; 404 for another organization's id, also on delete",
    },
    afterwards: async () => {
      expect((await call(suite.org, suite.org.admin.token, 'GET', `/${id}`)).json()).toMatchObject({
        name: 'Visita técnica',
        archivedAt: null,
      });
    },
  });
});

describe('services: create, update, validation', () => {
  it('creates (201) and updates', async () => {
    const s = await create(suite.org, { name: 'Limpeza de split', price: 180 });
    expect(s).toMatchObject({ name: 'Limpeza de split', price: 180, archivedAt: null });
    const put = await call(suite.org, suite.org.admin.token, 'PUT', `/${s.id}`, {
      name: 'Higienização de split',
      price: 199.99,
    });
    expect(put.json()).toMatchObject({ id: s.id, name: 'Higienização de split', price: 199.99 });
  });

  it('a code: optional, unique in the organization, archived services included', async () => {
    const s = await create(suite.org, { name: 'Carga de gás R-22', code: 'S-10', price: 250 });
    expect(s.code).toBe('S-10');
    const dup = await call(suite.org, suite.org.admin.token, 'POST', '', { name: 'Outro', code: 'S-10', price: 1 });
    expect(dup.json().errors).toEqual({ code: ['Já existe um serviço com este código'] });
    await call(suite.org, suite.org.admin.token, 'DELETE', `/${s.id}`);
    const again = await call(suite.org, suite.org.admin.token, 'POST', '', { name: 'Outro', code: 'S-10', price: 1 });
    expect(again.statusCode).toBe(422);
    const kept = await call(suite.org, suite.org.admin.token, 'PUT', `/${s.id}`, { name: 'Carga de gás', price: 260 });
    expect(kept.json()).toMatchObject({ code: 'S-10', price: 260 });
  });

  it('422 per rule: name required, price 0 and 0.001', async () => {
    for (const [body, field] of [
      [{ name: ' ', price: 10 }, 'name'],
      [{ name: 'X', price: 0 }, 'price'],
      [{ name: 'X', price: 0.001 }, 'price'],
    ] as const) {
      const res = await call(suite.org, suite.org.admin.token, 'POST', '', body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });
});

describe('services: delete retires instead of destroying', () => {
  it('DELETE archives: gone from the list and the search, still readable by id, second delete 404', async () => {
    const fresh = await createOrg(suite.ctx);
    const keep = await create(fresh, { name: 'Carga de gás', price: 250 });
    const gone = await create(fresh, { name: 'Troca de compressor', price: 850 });
    const del = await call(fresh, fresh.admin.token, 'DELETE', `/${gone.id}`);
    expect(del.statusCode).toBe(204);

    const list = await call(fresh, fresh.admin.token, 'GET', '');
    expect(names(list)).toEqual(['Carga de gás']);
    expect(list.json().meta.total).toBe(1);
    expect(names(await call(fresh, fresh.admin.token, 'GET', '?q=compressor'))).toEqual([]);

    const withArchived = await call(fresh, fresh.admin.token, 'GET', '?includeArchived=true');
    expect(names(withArchived)).toEqual(['Carga de gás', 'Troca de compressor']);
    expect(withArchived.json().meta.total).toBe(2);

    const got = await call(fresh, fresh.admin.token, 'GET', `/${gone.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ name: 'Troca de compressor', price: 850 });
    expect(Date.parse(got.json().archivedAt)).not.toBeNaN();

    expect((await call(fresh, fresh.admin.token, 'DELETE', `/${gone.id}`)).statusCode).toBe(404);
    expect((await call(fresh, fresh.admin.token, 'GET', `/${keep.id}`)).json().archivedAt).toBeNull();
  });
});

describe('services: list', () => {
  it('paginates with the real total and searches accent-insensitively', async () => {
    const fresh = await createOrg(suite.ctx);
    for (const n of ['Instalação de split', 'Instalacao elétrica', 'Limpeza', 'Manutenção preventiva', 'Visita']) {
      await create(fresh, { name: n, price: 100 });
    }
    const pageOne = await call(fresh, fresh.admin.token, 'GET', '?take=2');
    expect(pageOne.json().meta).toEqual({ total: 5, skip: 0, take: 2 });
    expect(names(pageOne)).toEqual(['Instalação de split', 'Instalacao elétrica']);
    const found = await call(fresh, fresh.admin.token, 'GET', '?q=INSTALACAO');
    expect(names(found)).toEqual(['Instalação de split', 'Instalacao elétrica']);
    expect(found.json().meta.total).toBe(2);
    expect(names(await call(fresh, fresh.admin.token, 'GET', '?q=manutencao'))).toEqual(['Manutenção preventiva']);
  });
});
