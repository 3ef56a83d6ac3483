import { describe, expect, it } from 'vitest';
import { createOrg } from '../../../test/helpers.ts';
import { registerApi, twoOrganizations, itChecksAccessOnOneRow } from '../../../test/register-tests.ts';

const suite = twoOrganizations();

const api = registerApi<{ id: number; name: string; description: string }>(
  suite,
  (o) => `/api/organizations/${o.organization.id}/transaction-natures`,
);
const { call, create } = api;

describe('transaction natures: access', () => {
  itChecksAccessOnOneRow(api, {
    row: { name: 'Garantia', description: 'Retorno' },
    write: { name: 'X' },
    theirWrite: { name: 'Y' },
    afterwards: async (id) =>
      expect((await call(suite.org, suite.org.admin.token, 'GET', `/${id}`)).json().name).toBe('Garantia'),
  });
});

describe('transaction natures: create, update, list', () => {
  it('name required, description optional (stored empty)', async () => {
    const bad = await call(suite.org, suite.org.admin.token, 'POST', '', { description: 'sem nome' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['name']);
    const n = await create(suite.org, { name: 'Contrato de manutenção' });
    expect(n).toMatchObject({ name: 'Contrato de manutenção', description: '' });
    const put = await call(suite.org, suite.org.admin.token, 'PUT', `/${n.id}`, {
      name: 'Contrato mensal',
      description: 'Visitas cobertas',
    });
    expect(put.json()).toEqual({ id: n.id, name: 'Contrato mensal', description: 'Visitas cobertas' });
    const tooLong = await call(suite.org, suite.org.admin.token, 'PUT', `/${n.id}`, {
      name: 'X',
      description: 'a'.repeat(501),
    });
    expect(Object.keys(tooLong.json().errors)).toEqual(['description']);
  });

  it('paginates with the real total and searches', async () => {
    const fresh = await createOrg(suite.ctx);
    for (const n of ['Prestação de serviço', 'Garantia', 'Contrato', 'Cortesia']) await create(fresh, { name: n });
    const res = await call(fresh, fresh.admin.token, 'GET', '?take=3');
    expect(res.json().meta).toEqual({ total: 4, skip: 0, take: 3 });
    expect(res.json().data.map((n: { name: string }) => n.name)).toEqual(['Contrato', 'Cortesia', 'Garantia']);
    const found = await call(fresh, fresh.admin.token, 'GET', '?q=prestacao');
    expect(found.json().data).toHaveLength(1);
  });
});
