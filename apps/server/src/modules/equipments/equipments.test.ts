import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PersonType } from '@oficina/contracts';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { newCpf } from '../../../test/factories.ts';

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
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
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${o.organization.id}/customers`,
    headers: o.as(o.admin.token),
    payload: { type: PersonType.Natural, identifier: newCpf(), name: 'Cliente' },
  });
  return res.json().id as number;
}

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrg(ctx);
  other = await createOrg(ctx);
  customerId = await newCustomer(org);
  theirCustomerId = await newCustomer(other);
  equipmentId = (
    await ctx.app.inject({
      method: 'POST',
      url: url(org, customerId),
      headers: org.as(org.admin.token),
      payload: split,
    })
  ).json().id;
  theirEquipmentId = (
    await ctx.app.inject({
      method: 'POST',
      url: url(other, theirCustomerId),
      headers: other.as(other.admin.token),
      payload: { ...split, name: 'Deles' },
    })
  ).json().id;
});
afterAll(() => ctx.close());

const routes = (id: number): Array<[string, string, unknown?]> => [
  ['GET', ''],
  ['POST', '', split],
  ['GET', `/${id}`],
  ['PUT', `/${id}`, split],
  ['DELETE', `/${id}`],
];
const h = () => org.as(org.admin.token);

describe('access to every equipment route', () => {
  it('401 without a token, 403 for a collaborator and for another organization in the path', async () => {
    for (const [method, path, payload] of routes(equipmentId)) {
      const m = method as 'GET';
      const p = payload as object;
      expect((await ctx.app.inject({ method: m, url: url(org, customerId, path), payload: p })).statusCode).toBe(401);
      const worker = await ctx.app.inject({
        method: m,
        url: url(org, customerId, path),
        headers: org.as(org.worker.token),
        payload: p,
      });
      expect(worker.statusCode, `${method} ${path}`).toBe(403);
      const cross = await ctx.app.inject({
        method: m,
        url: url(other, theirCustomerId, path.replace(String(equipmentId), String(theirEquipmentId))),
        headers: h(),
        payload: p,
      });
      expect(cross.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it("404 for another organization's customer or equipment, which stay as they were", async () => {
    for (const [method, path, payload] of routes(theirEquipmentId)) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url: url(org, theirCustomerId, path),
        headers: h(),
        payload: payload as object,
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    for (const [method, path, payload] of routes(theirEquipmentId).filter(([, p]) => p !== '')) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url: url(org, customerId, path),
        headers: h(),
        payload: payload as object,
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const still = await ctx.app.inject({
      url: url(other, theirCustomerId, `/${theirEquipmentId}`),
      headers: other.as(other.admin.token),
    });
    expect(still.json().name).toBe('Deles');
  });
});

describe('equipment CRUD', () => {
  it('creates (201), reads, lists with q, updates and deletes', async () => {
    const got = await ctx.app.inject({ url: url(org, customerId, `/${equipmentId}`), headers: h() });
    expect(got.json()).toEqual({ id: equipmentId, ...split });

    const second = await ctx.app.inject({
      method: 'POST',
      url: url(org, customerId),
      headers: h(),
      payload: { name: 'Câmara fria', brand: 'Gallant', model: 'CF', serialNumber: 'G-2', description: '' },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().description).toBeNull();

    const list = await ctx.app.inject({ url: url(org, customerId), headers: h() });
    expect(list.json().meta).toEqual({ total: 2, skip: 0, take: 25 });
    const q = await ctx.app.inject({ url: `${url(org, customerId)}?q=camara`, headers: h() });
    expect(q.json().data.map((e: { name: string }) => e.name)).toEqual(['Câmara fria']);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: url(org, customerId, `/${second.json().id}`),
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

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: url(org, customerId, `/${second.json().id}`),
      headers: h(),
    });
    expect(del.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: url(org, customerId, `/${second.json().id}`), headers: h() })).statusCode).toBe(
      404,
    );
  });

  it('422 per required field; description optional', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: url(org, customerId),
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
    const put = await ctx.app.inject({
      method: 'PUT',
      url: url(org, customerId, `/${equipmentId}`),
      headers: h(),
      payload: { ...split, serialNumber: '  ' },
    });
    expect(put.json().errors).toEqual({ serialNumber: ['Este campo é obrigatório'] });
  });
});
