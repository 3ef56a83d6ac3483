import { beforeAll, describe, expect, it } from 'vitest';
import { addressMessages, PersonType } from '@ordem-certa/contracts';
import { type TestOrg, perFile, expectEachRoute } from '../../../test/helpers.ts';
import { newCnpj, newCpf } from '../../../test/factories.ts';

const t = perFile({ other: true });
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
  for (const [segment, body] of [
    ['companies', () => ({ type: PersonType.Juridical, identifier: newCnpj(), name: 'Empresa', alias: 'E' })],
    ['customers', () => ({ type: PersonType.Natural, identifier: newCpf(), name: 'Cliente' })],
  ] as const) {
    const make = async (o: TestOrg) =>
      (
        await t.ctx.app.inject({
          method: 'POST',
          url: `/api/organizations/${o.organization.id}/${segment}`,
          headers: o.as(o.admin.token),
          payload: body(),
        })
      ).json().id as number;
    owners[segment] = { mine: await make(t.org), theirs: await make(t.other) };
  }
});

describe.each(['companies', 'customers'])('%s/{id}/addresses', (segment) => {
  let addressId: number;
  let theirAddressId: number;
  const h = () => t.org.as(t.org.admin.token);
  const mine = () => owners[segment]!.mine;
  const theirs = () => owners[segment]!.theirs;

  beforeAll(async () => {
    addressId = (
      await t.ctx.app.inject({ method: 'POST', url: url(t.org, segment, mine()), headers: h(), payload: full })
    ).json().id;
    theirAddressId = (
      await t.ctx.app.inject({
        method: 'POST',
        url: url(t.other, segment, theirs()),
        headers: t.other.as(t.other.admin.token),
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
    const mineAt = url(t.org, segment, mine());
    await expectEachRoute(t.ctx, routes(mine(), addressId), 401, mineAt);
    await expectEachRoute(t.ctx, routes(mine(), addressId), 403, mineAt, t.org.as(t.org.worker.token));
    await expectEachRoute(t.ctx, routes(theirs(), theirAddressId), 403, url(t.other, segment, theirs()), h());
  });

  it("404 for another organization's owner or address; 404 for my owner with their address", async () => {
    await expectEachRoute(t.ctx, routes(theirs(), theirAddressId), 404, url(t.org, segment, theirs()), h());
    const idRoutes = routes(mine(), theirAddressId).filter(([, p]) => p !== '');
    await expectEachRoute(t.ctx, idRoutes, 404, url(t.org, segment, mine()), h());
    const still = await t.ctx.app.inject({
      url: url(t.other, segment, theirs(), `/${theirAddressId}`),
      headers: t.other.as(t.other.admin.token),
    });
    expect(still.json().address).toBe('Deles');
  });

  it('creates (201, normalized), lists, reads, updates and deletes', async () => {
    const got = await t.ctx.app.inject({ url: url(t.org, segment, mine(), `/${addressId}`), headers: h() });
    // The city and UF name a municipality: the address gets its IBGE code; its position comes after the save.
    expect(got.json()).toEqual({
      ...full,
      id: addressId,
      state: 'SP',
      postalCode: '01304001',
      ibgeCode: '3550308',
      latitude: null,
      longitude: null,
      positionSource: null,
    });

    const minimal = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.org, segment, mine()),
      headers: h(),
      payload: { address: 'Estrada sem número', number: null, postalCode: '' },
    });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json()).toMatchObject({ number: null, postalCode: null, city: null, ibgeCode: null });

    const list = await t.ctx.app.inject({ url: url(t.org, segment, mine()), headers: h() });
    expect(list.json().meta).toEqual({ total: 2, skip: 0, take: 25 });
    expect(list.json().data.map((a: { id: number }) => a.id)).toEqual([addressId, minimal.json().id]);

    const put = await t.ctx.app.inject({
      method: 'PUT',
      url: url(t.org, segment, mine(), `/${minimal.json().id}`),
      headers: h(),
      payload: { address: 'Estrada do Sítio', number: 12, city: 'Ibiúna' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ address: 'Estrada do Sítio', number: 12, city: 'Ibiúna', postalCode: null });

    const del = await t.ctx.app.inject({
      method: 'DELETE',
      url: url(t.org, segment, mine(), `/${minimal.json().id}`),
      headers: h(),
    });
    expect(del.statusCode).toBe(204);
    expect((await t.ctx.app.inject({ url: url(t.org, segment, mine()), headers: h() })).json().meta.total).toBe(1);
  });

  it('422 per field: address required, number numeric, CEP with 8 digits, UF', async () => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.org, segment, mine()),
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
    const put = await t.ctx.app.inject({
      method: 'PUT',
      url: url(t.org, segment, mine(), `/${addressId}`),
      headers: h(),
      payload: { address: 'x', number: -1 },
    });
    expect(put.json().errors).toEqual({ number: ['Informe apenas números'] });
    const unchanged = await t.ctx.app.inject({ url: url(t.org, segment, mine(), `/${addressId}`), headers: h() });
    expect(unchanged.json().address).toBe('Rua Augusta');
  });

  it('ibgeCode: a municipality of the UF (the city stored as IBGE names it); 422 when unknown, of another UF or malformed', async () => {
    const post = (payload: object) =>
      t.ctx.app.inject({ method: 'POST', url: url(t.org, segment, mine()), headers: h(), payload });
    const made = await post({ address: 'Rua do Comércio', city: 'ibiuna', state: 'SP', ibgeCode: '3519709' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ city: 'Ibiúna', state: 'SP', ibgeCode: '3519709' });
    const listed = await t.ctx.app.inject({ url: url(t.org, segment, mine(), '?take=100'), headers: h() });
    expect(listed.json().data.find((a: { id: number }) => a.id === made.json().id).ibgeCode).toBe('3519709');

    const cases: Array<[object, string]> = [
      [{ ibgeCode: '1234567', state: 'SP' }, addressMessages.municipalityUnknown],
      [{ ibgeCode: '3304557', state: 'SP' }, addressMessages.municipalityOtherState],
      [{ ibgeCode: '3550308' }, addressMessages.municipalityOtherState],
      [{ ibgeCode: '355030', state: 'SP' }, addressMessages.ibgeCode],
    ];
    for (const [fields, message] of cases) {
      const res = await post({ address: 'Rua Errada', city: 'Qualquer', ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json()).toEqual({ errors: { ibgeCode: [message] } });
      const put = await t.ctx.app.inject({
        method: 'PUT',
        url: url(t.org, segment, mine(), `/${made.json().id}`),
        headers: h(),
        payload: { address: 'Rua Errada', city: 'Qualquer', ...fields },
      });
      expect(put.statusCode).toBe(422);
    }
    const unchanged = await t.ctx.app.inject({ url: url(t.org, segment, mine(), `/${made.json().id}`), headers: h() });
    expect(unchanged.json()).toMatchObject({ address: 'Rua do Comércio', ibgeCode: '3519709' });

    // Typed without a code: a city of the UF, accents aside, gets the code and IBGE's spelling.
    const typed = await post({ address: 'Rua Sem Código', city: 'SAO JOSE DOS CAMPOS', state: 'SP' });
    expect(typed.json()).toMatchObject({ city: 'São José dos Campos', ibgeCode: '3549904' });

    // A city no municipality of the UF is called: kept as typed, without a code.
    const put = await t.ctx.app.inject({
      method: 'PUT',
      url: url(t.org, segment, mine(), `/${made.json().id}`),
      headers: h(),
      payload: { address: 'Rua do Comércio', city: 'Vila Inventada', state: 'SP' },
    });
    expect(put.json()).toMatchObject({ city: 'Vila Inventada', ibgeCode: null });
  });
});
