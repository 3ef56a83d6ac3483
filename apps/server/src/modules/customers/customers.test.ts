import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf, PersonType } from '@oficina/contracts';
import { schema } from '@oficina/db';
import { eq } from 'drizzle-orm';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { newCnpj, newCpf } from '../../../test/factories.ts';

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let customerId: number;
let otherCustomerId: number;

const base = (o: TestOrg) => `/api/organizations/${o.organization.id}/customers`;
const person = (over: Record<string, unknown> = {}) => ({
  type: PersonType.Natural,
  identifier: formatCpf(newCpf()),
  name: 'Joana Cliente',
  email: 'joana@cliente.com.br',
  phone: '11987654321',
  ...over,
});
const create = (o: TestOrg, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: base(o), headers: o.as(o.admin.token), payload: body });

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrg(ctx);
  other = await createOrg(ctx);
  customerId = (await create(org, person())).json().id;
  otherCustomerId = (await create(other, person())).json().id;
});
afterAll(() => ctx.close());

const routes = (id: number): Array<[string, string, unknown?]> => [
  ['GET', ''],
  ['POST', '', person()],
  ['GET', `/${id}`],
  ['PUT', `/${id}`, { type: 2, name: 'x' }],
  ['DELETE', `/${id}`],
];

describe('access to every customer route', () => {
  const call = (o: TestOrg, token: string | undefined, id: number) =>
    Promise.all(
      routes(id).map(async ([method, path, payload]) => {
        const res = await ctx.app.inject({
          method: method as 'GET',
          url: base(o) + path,
          headers: token ? o.as(token) : {},
          payload: payload as object,
        });
        return `${method} ${path} ${res.statusCode}`;
      }),
    );
  const expectAll = (lines: string[], status: number) =>
    lines.forEach((l) => expect(l).toMatch(new RegExp(` ${status}$`)));

  it('401 without a token', async () => expectAll(await call(org, undefined, customerId), 401));
  it('403 for a collaborator', async () => expectAll(await call(org, org.worker.token, customerId), 403));
  it("403 with another organization's id in the path", async () => {
    const lines = await Promise.all(
      routes(otherCustomerId).map(async ([method, path, payload]) => {
        const res = await ctx.app.inject({
          method: method as 'GET',
          url: base(other) + path,
          headers: org.as(org.admin.token),
          payload: payload as object,
        });
        return `${method} ${path} ${res.statusCode}`;
      }),
    );
    expectAll(lines, 403);
  });
  it("404 for another organization's customer, which stays as it was", async () => {
    for (const [method, path, payload] of routes(otherCustomerId).filter(([, p]) => p !== '')) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url: base(org) + path,
        headers: org.as(org.admin.token),
        payload: payload as object,
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const theirs = await ctx.app.inject({
      url: `${base(other)}/${otherCustomerId}`,
      headers: other.as(other.admin.token),
    });
    expect(theirs.json().name).toBe('Joana Cliente');
  });
});

describe('customers CRUD', () => {
  it('creates an individual and a legal entity (201), reads and updates them', async () => {
    const cpf = newCpf();
    const res = await create(org, person({ identifier: formatCpf(cpf), alias: 'não vai' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 2, identifier: cpf, alias: null, phone: '11987654321' });
    const id = res.json().id;

    const firm = await create(org, { type: 1, identifier: newCnpj(), name: 'Padaria Central Ltda', alias: 'Central' });
    expect(firm.statusCode).toBe(201);
    expect(firm.json()).toMatchObject({ type: 1, alias: 'Central', email: null });

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${base(org)}/${id}`,
      headers: org.as(org.admin.token),
      payload: { type: 2, name: 'Joana Souza', email: 'joana@novo.com.br', phone: '' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      id,
      type: 2,
      identifier: cpf,
      name: 'Joana Souza',
      alias: null,
      email: 'joana@novo.com.br',
      phone: null,
    });
    const got = await ctx.app.inject({ url: `${base(org)}/${id}`, headers: org.as(org.admin.token) });
    expect(got.json()).toEqual(put.json());
  });

  it('422 per field, with CPF edge cases', async () => {
    const res = await create(org, { type: 2, identifier: '123.456.789-00', name: '', email: 'x', phone: '1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      identifier: ['CPF inválido'],
      name: ['Este campo é obrigatório'],
      email: ['E-mail inválido'],
      phone: ['Telefone inválido'],
    });
    for (const identifier of ['000.000.000-00', '999.999.999-99', '529.982.247-2X', '529982247']) {
      expect((await create(org, person({ identifier }))).json().errors, identifier).toEqual({
        identifier: ['CPF inválido'],
      });
    }
    expect(
      (await create(org, { type: 1, identifier: '12.ABC.345/01DE-34', name: 'x', alias: 'y' })).json().errors,
    ).toEqual({
      identifier: ['CNPJ inválido'],
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${base(org)}/${customerId}`,
      headers: org.as(org.admin.token),
      payload: { type: 1, name: 'x', alias: 'y' },
    });
    expect(put.json().errors).toEqual({ type: ['O tipo não pode ser alterado'] });
  });

  it('the same CPF twice in the organization: 422 on identifier', async () => {
    const cpf = newCpf();
    expect((await create(org, person({ identifier: cpf }))).statusCode).toBe(201);
    const dup = await create(org, person({ identifier: formatCpf(cpf) }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ identifier: ['Já existe um cadastro com este CPF'] });
  });

  it('DELETE removes the customer with its addresses and equipment (204), then 404', async () => {
    const id = (await create(org, person())).json().id;
    const h = org.as(org.admin.token);
    await ctx.app.inject({
      method: 'POST',
      url: `${base(org)}/${id}/addresses`,
      headers: h,
      payload: { address: 'Rua A' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: `${base(org)}/${id}/equipments`,
      headers: h,
      payload: { name: 'Split', brand: 'LG', model: 'S4', serialNumber: '123' },
    });
    const del = await ctx.app.inject({ method: 'DELETE', url: `${base(org)}/${id}`, headers: h });
    expect(del.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: `${base(org)}/${id}`, headers: h })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${base(org)}/${id}`, headers: h })).statusCode).toBe(404);
    const db = ctx.database.db;
    expect(await db.$count(schema.addresses, eq(schema.addresses.customerId, id))).toBe(0);
    expect(await db.$count(schema.equipments, eq(schema.equipments.customerId, id))).toBe(0);
  });
});

describe('GET customers (list)', () => {
  let listOrg: TestOrg;
  const cpf = newCpf();
  beforeAll(async () => {
    listOrg = await createOrg(ctx);
    await create(listOrg, person({ identifier: cpf, name: 'João Conceição', email: 'jc@exemplo.com.br' }));
    await create(listOrg, { type: 1, identifier: newCnpj(), name: 'Açougue Boi Gordo Ltda', alias: 'Boi Gordo' });
    for (let i = 0; i < 30; i++)
      await create(listOrg, person({ name: `Cliente ${String(i).padStart(2, '0')}`, email: '' }));
  });
  const list = (query = '') =>
    ctx.app.inject({ url: `${base(listOrg)}?${query}`, headers: listOrg.as(listOrg.admin.token) });

  it('pages of 25 by default with the real total', async () => {
    const res = await list();
    expect(res.json().meta).toEqual({ total: 32, skip: 0, take: 25 });
    expect(res.json().data).toHaveLength(25);
    expect(res.json().data[0].name).toBe('Açougue Boi Gordo Ltda');
    const last = await list('skip=25');
    expect(last.json().data).toHaveLength(7);
    expect(last.json().meta.total).toBe(32);
  });

  it('q: accents, case, alias, identifier with or without punctuation, e-mail', async () => {
    const names = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}`)).json().data.map((c: { name: string }) => c.name);
    expect(await names('joao conceicao')).toEqual(['João Conceição']);
    expect(await names('ACOUGUE')).toEqual(['Açougue Boi Gordo Ltda']);
    expect(await names('boi gordo')).toEqual(['Açougue Boi Gordo Ltda']);
    expect(await names(formatCpf(cpf))).toEqual(['João Conceição']);
    expect(await names(cpf)).toEqual(['João Conceição']);
    expect(await names('JC@EXEMPLO')).toEqual(['João Conceição']);
    const res = await list('q=cliente&take=5');
    expect(res.json().meta).toEqual({ total: 30, skip: 0, take: 5 });
  });
});
