import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PersonType } from '@oficina/contracts';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { newCnpj, newCpf } from '../../../test/factories.ts';

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
const owners: Record<string, { mine: number; theirs: number }> = {};

const url = (o: TestOrg, segment: string, id: number, rest = '') =>
  `/api/organizations/${o.organization.id}/${segment}/${id}/addresses${rest}`;
const full = {
  address: 'Rua Augusta',
  number: 1520,
  complement: 'Loja 2',
  neighborhood: 'Consolação',
  city: 'São Paulo',
  state: 'sp',
  postalCode: '01304-001',
};

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrg(ctx);
  other = await createOrg(ctx);
  for (const [segment, body] of [
    ['companies', () => ({ type: PersonType.Juridical, identifier: newCnpj(), name: 'Empresa', alias: 'E' })],
    ['customers', () => ({ type: PersonType.Natural, identifier: newCpf(), name: 'Cliente' })],
  ] as const) {
    const make = async (o: TestOrg) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/organizations/${o.organization.id}/${segment}`,
          headers: o.as(o.admin.token),
          payload: body(),
        })
      ).json().id as number;
    owners[segment] = { mine: await make(org), theirs: await make(other) };
  }
});
afterAll(() => ctx.close());

describe.each(['companies', 'customers'])('%s/{id}/addresses', (segment) => {
  let addressId: number;
  let theirAddressId: number;
  const h = () => org.as(org.admin.token);
  const mine = () => owners[segment]!.mine;
  const theirs = () => owners[segment]!.theirs;

  beforeAll(async () => {
    addressId = (
      await ctx.app.inject({ method: 'POST', url: url(org, segment, mine()), headers: h(), payload: full })
    ).json().id;
    theirAddressId = (
      await ctx.app.inject({
        method: 'POST',
        url: url(other, segment, theirs()),
        headers: other.as(other.admin.token),
        payload: { address: 'Deles' },
      })
    ).json().id;
  });

  const routes = (ownerId: number, id: number): Array<[string, string, unknown?]> => [
    ['GET', ''],
    ['POST', '', { address: 'x' }],
    ['GET', `/${id}`],
    ['PUT', `/${id}`, { address: 'x' }],
    ['DELETE', `/${id}`],
  ];

  it('401 without a token, 403 for a collaborator and for another organization in the path', async () => {
    for (const [method, path, payload] of routes(mine(), addressId)) {
      const anon = await ctx.app.inject({
        method: method as 'GET',
        url: url(org, segment, mine(), path),
        payload: payload as object,
      });
      expect(anon.statusCode, `${method} ${path}`).toBe(401);
      const worker = await ctx.app.inject({
        method: method as 'GET',
        url: url(org, segment, mine(), path),
        headers: org.as(org.worker.token),
        payload: payload as object,
      });
      expect(worker.statusCode, `${method} ${path}`).toBe(403);
      const cross = await ctx.app.inject({
        method: method as 'GET',
        url: url(other, segment, theirs(), path.replace(String(addressId), String(theirAddressId))),
        headers: h(),
        payload: payload as object,
      });
      expect(cross.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it("404 for another organization's owner or address; 404 for my owner with their address", async () => {
    for (const [method, path, payload] of routes(theirs(), theirAddressId)) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url: url(org, segment, theirs(), path),
        headers: h(),
        payload: payload as object,
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    for (const [method, path, payload] of routes(mine(), theirAddressId).filter(([, p]) => p !== '')) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url: url(org, segment, mine(), path),
        headers: h(),
        payload: payload as object,
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const still = await ctx.app.inject({
      url: url(other, segment, theirs(), `/${theirAddressId}`),
      headers: other.as(other.admin.token),
    });
    expect(still.json().address).toBe('Deles');
  });

  it('creates (201, normalized), lists, reads, updates and deletes', async () => {
    const got = await ctx.app.inject({ url: url(org, segment, mine(), `/${addressId}`), headers: h() });
    expect(got.json()).toEqual({ ...full, id: addressId, state: 'SP', postalCode: '01304001' });

    const minimal = await ctx.app.inject({
      method: 'POST',
      url: url(org, segment, mine()),
      headers: h(),
      payload: { address: 'Estrada sem número', number: null, postalCode: '' },
    });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json()).toMatchObject({ number: null, postalCode: null, city: null });

    const list = await ctx.app.inject({ url: url(org, segment, mine()), headers: h() });
    expect(list.json().meta).toEqual({ total: 2, skip: 0, take: 25 });
    expect(list.json().data.map((a: { id: number }) => a.id)).toEqual([addressId, minimal.json().id]);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: url(org, segment, mine(), `/${minimal.json().id}`),
      headers: h(),
      payload: { address: 'Estrada do Sítio', number: 12, city: 'Ibiúna' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ address: 'Estrada do Sítio', number: 12, city: 'Ibiúna', postalCode: null });

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: url(org, segment, mine(), `/${minimal.json().id}`),
      headers: h(),
    });
    expect(del.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: url(org, segment, mine()), headers: h() })).json().meta.total).toBe(1);
  });

  it('422 per field: address required, number numeric, CEP with 8 digits, UF', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: url(org, segment, mine()),
      headers: h(),
      payload: { address: '', number: 'doze', postalCode: '1234-567', state: 'XY' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      address: ['Este campo é obrigatório'],
      number: ['Informe apenas números'],
      postalCode: ['CEP inválido'],
      state: ['UF inválida'],
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: url(org, segment, mine(), `/${addressId}`),
      headers: h(),
      payload: { address: 'x', number: -1 },
    });
    expect(put.json().errors).toEqual({ number: ['Informe apenas números'] });
    const unchanged = await ctx.app.inject({ url: url(org, segment, mine(), `/${addressId}`), headers: h() });
    expect(unchanged.json().address).toBe('Rua Augusta');
  });
});
