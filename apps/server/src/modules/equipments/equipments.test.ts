import { beforeAll, describe, expect, it } from 'vitest';
import { PersonType } from '@ordem-certa/contracts';
import { type TestOrg, perFile, expectEachRoute } from '../../../test/helpers.ts';
import { newCpf } from '../../../test/factories.ts';

const t = perFile({ other: true });
let customerId: number;
let theirCustomerId: number;
let equipmentId: number;
let theirEquipmentId: number;

const url = (o: TestOrg, customer: number, rest = '') =>
  `/api/organizations/${o.organization.id}/customers/${customer}/equipments${rest}`;
const split = {
  name: 'Ar-condicionado split 12.000 BTUs',
  brand: 'Samsung',
  model: 'WindFree',
  serialNumber: 'SS12-001',
  description: 'Sala',
};

async function newCustomer(o: TestOrg) {
  const res = await t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${o.organization.id}/customers`,
    headers: o.as(o.admin.token),
    payload: { type: PersonType.Natural, identifier: newCpf(), name: 'Cliente' },
  });
  return res.json().id as number;
}

beforeAll(async () => {
  customerId = await newCustomer(t.org);
  theirCustomerId = await newCustomer(t.other);
  equipmentId = (
    await t.ctx.app.inject({
      method: 'POST',
      url: url(t.org, customerId),
      headers: t.org.as(t.org.admin.token),
      payload: split,
    })
  ).json().id;
  theirEquipmentId = (
    await t.ctx.app.inject({
      method: 'POST',
      url: url(t.other, theirCustomerId),
      headers: t.other.as(t.other.admin.token),
      payload: { ...split, name: 'Deles' },
    })
  ).json().id;
});

const routes = (id: number): Array<[string, string, unknown?]> => [
  ['GET', ''],
  ['POST', '', split],
  ['GET', `/${id}`],
  ['PUT', `/${id}`, split],
  ['DELETE', `/${id}`],
];
const h = () => t.org.as(t.org.admin.token);

describe('access to every equipment route', () => {
  it('401 without a token, 403 for a collaborator and for another organization in the path', async () => {
    const mine = url(t.org, customerId);
    await expectEachRoute(t.ctx, routes(equipmentId), 401, mine);
    await expectEachRoute(t.ctx, routes(equipmentId), 403, mine, t.org.as(t.org.worker.token));
    await expectEachRoute(t.ctx, routes(theirEquipmentId), 403, url(t.other, theirCustomerId), h());
  });

  it("404 for another organization's customer or equipment, which stay as they were", async () => {
    await expectEachRoute(t.ctx, routes(theirEquipmentId), 404, url(t.org, theirCustomerId), h());
    const idRoutes = routes(theirEquipmentId).filter(([, p]) => p !== '');
    await expectEachRoute(t.ctx, idRoutes, 404, url(t.org, customerId), h());
    const still = await t.ctx.app.inject({
      url: url(t.other, theirCustomerId, `/${theirEquipmentId}`),
      headers: t.other.as(t.other.admin.token),
    });
    expect(still.json().name).toBe('Deles');
  });
});

describe('equipment CRUD', () => {
  it('creates (201), reads, lists with q, updates and deletes', async () => {
    const got = await t.ctx.app.inject({ url: url(t.org, customerId, `/${equipmentId}`), headers: h() });
    expect(got.json()).toEqual({
      id: equipmentId,
      ...split,
      kind: null,
      capacityBtuh: null,
      location: null,
      warrantyUntil: null,
    });

    const second = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.org, customerId),
      headers: h(),
      payload: { name: 'Câmara fria', brand: 'Gallant', model: 'CF', serialNumber: 'G-2', description: '' },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().description).toBeNull();

    const list = await t.ctx.app.inject({ url: url(t.org, customerId), headers: h() });
    expect(list.json().meta).toEqual({ total: 2, skip: 0, take: 25 });
    const q = await t.ctx.app.inject({ url: `${url(t.org, customerId)}?q=camara`, headers: h() });
    expect(q.json().data.map((e: { name: string }) => e.name)).toEqual(['Câmara fria']);

    const put = await t.ctx.app.inject({
      method: 'PUT',
      url: url(t.org, customerId, `/${second.json().id}`),
      headers: h(),
      payload: {
        name: 'Câmara fria 2x2',
        brand: 'Gallant',
        model: 'CF-2020',
        serialNumber: 'G-2',
        description: 'Estoque',
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Câmara fria 2x2', model: 'CF-2020', description: 'Estoque' });

    const del = await t.ctx.app.inject({
      method: 'DELETE',
      url: url(t.org, customerId, `/${second.json().id}`),
      headers: h(),
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await t.ctx.app.inject({ url: url(t.org, customerId, `/${second.json().id}`), headers: h() })).statusCode,
    ).toBe(404);
  });

  it('422 per required field; description optional', async () => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.org, customerId),
      headers: h(),
      payload: { description: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Este campo é obrigatório'],
      brand: ['Este campo é obrigatório'],
      model: ['Este campo é obrigatório'],
      serialNumber: ['Este campo é obrigatório'],
    });
    const put = await t.ctx.app.inject({
      method: 'PUT',
      url: url(t.org, customerId, `/${equipmentId}`),
      headers: h(),
      payload: { ...split, serialNumber: '  ' },
    });
    expect(put.json().errors).toEqual({ serialNumber: ['Este campo é obrigatório'] });
  });
});
