import { beforeAll, describe, expect, it } from 'vitest';
import { formatCpf, messages, PersonType } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { eq } from 'drizzle-orm';
import { createOrg, type TestOrg, perFile, expectEachRoute } from '../../../test/helpers.ts';
import { newCnpj, newCpf } from '../../../test/factories.ts';

const t = perFile({ other: true });
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
  t.ctx.app.inject({ method: 'POST', url: base(o), headers: o.as(o.admin.token), payload: body });

beforeAll(async () => {
  customerId = (await create(t.org, person())).json().id;
  otherCustomerId = (await create(t.other, person())).json().id;
});

const routes = (id: number): Array<[string, string, unknown?]> => [
  ['GET', ''],
  ['POST', '', person()],
  ['GET', `/${id}`],
  ['PUT', `/${id}`, { type: 2, name: 'x' }],
  ['DELETE', `/${id}`],
];

describe('access to every customer route', () => {
  it('401 without a token', () => expectEachRoute(t.ctx, routes(customerId), 401, base(t.org)));
  it('403 for a collaborator', () =>
    expectEachRoute(t.ctx, routes(customerId), 403, base(t.org), t.org.as(t.org.worker.token)));
  it("403 with another organization's id in the path", () =>
    expectEachRoute(t.ctx, routes(otherCustomerId), 403, base(t.other), t.org.as(t.org.admin.token)));
  it("404 for another organization's customer, which stays as it was", async () => {
    const idRoutes = routes(otherCustomerId).filter(([, p]) => p !== '');
    await expectEachRoute(t.ctx, idRoutes, 404, base(t.org), t.org.as(t.org.admin.token));
    const theirs = await t.ctx.app.inject({
      url: `${base(t.other)}/${otherCustomerId}`,
      headers: t.other.as(t.other.admin.token),
    });
    expect(theirs.json().name).toBe('Joana Cliente');
  });
});

describe('customers CRUD', () => {
  it('creates an individual and a legal entity (201), reads and updates them', async () => {
    const cpf = newCpf();
    const res = await create(t.org, person({ identifier: formatCpf(cpf), alias: 'não vai' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 2,
      identifier: cpf,
      alias: null,
      phone: '(11) 98765-4321',
      phoneE164: '+5511987654321',
    });
    const id = res.json().id;

    const firm = await create(t.org, {
      type: 1,
      identifier: newCnpj(),
      name: 'Padaria Central Ltda',
      alias: 'Central',
    });
    expect(firm.statusCode).toBe(201);
    expect(firm.json()).toMatchObject({ type: 1, alias: 'Central', email: null });

    const put = await t.ctx.app.inject({
      method: 'PUT',
      url: `${base(t.org)}/${id}`,
      headers: t.org.as(t.org.admin.token),
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
      phoneE164: null,
      version: expect.any(Number),
      anonymizedAt: null,
    });
    const got = await t.ctx.app.inject({ url: `${base(t.org)}/${id}`, headers: t.org.as(t.org.admin.token) });
    expect(got.json()).toEqual(put.json());
  });

  it('bidirectional controls (right-to-left override and the others) are dropped from names', async () => {
    // 'Ana\u202Efdp.exe' shows as 'Anaexe.pdf': the override reverses what follows it.
    const res = await create(
      t.org,
      person({ name: 'Ana\u202Efdp.exe \u2067Souza\u2069\u200f', identifier: formatCpf(newCpf()) }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('Anafdp.exe Souza');
    const blank = await create(t.org, person({ name: '\u202e\u202c', identifier: formatCpf(newCpf()) }));
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.name).toEqual([messages.required]);
  });

  it('422 per field, with CPF edge cases', async () => {
    const res = await create(t.org, { type: 2, identifier: '123.456.789-00', name: '', email: 'x', phone: '1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      identifier: ['CPF inválido'],
      name: ['Este campo é obrigatório'],
      email: ['E-mail inválido'],
      phone: ['Telefone inválido'],
    });
    for (const identifier of ['000.000.000-00', '999.999.999-99', '529.982.247-2X', '529982247']) {
      expect((await create(t.org, person({ identifier }))).json().errors, identifier).toEqual({
        identifier: ['CPF inválido'],
      });
    }
    expect(
      (await create(t.org, { type: 1, identifier: '12.ABC.345/01DE-34', name: 'x', alias: 'y' })).json().errors,
    ).toEqual({
      identifier: ['CNPJ inválido'],
    });
    const put = await t.ctx.app.inject({
      method: 'PUT',
      url: `${base(t.org)}/${customerId}`,
      headers: t.org.as(t.org.admin.token),
      payload: { type: 1, name: 'x', alias: 'y' },
    });
    expect(put.json().errors).toEqual({ type: ['O tipo não pode ser alterado'] });
  });

  it('the same CPF twice in the organization: 422 on identifier', async () => {
    const cpf = newCpf();
    expect((await create(t.org, person({ identifier: cpf }))).statusCode).toBe(201);
    const dup = await create(t.org, person({ identifier: formatCpf(cpf) }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ identifier: ['Já existe um cadastro com este CPF'] });
  });

  it('DELETE removes the customer with its addresses and equipment (204), then 404', async () => {
    const id = (await create(t.org, person())).json().id;
    const h = t.org.as(t.org.admin.token);
    await t.ctx.app.inject({
      method: 'POST',
      url: `${base(t.org)}/${id}/addresses`,
      headers: h,
      payload: { address: 'Rua A' },
    });
    await t.ctx.app.inject({
      method: 'POST',
      url: `${base(t.org)}/${id}/equipments`,
      headers: h,
      payload: { name: 'Split', brand: 'LG', model: 'S4', serialNumber: '123' },
    });
    const del = await t.ctx.app.inject({ method: 'DELETE', url: `${base(t.org)}/${id}`, headers: h });
    expect(del.statusCode).toBe(204);
    expect((await t.ctx.app.inject({ url: `${base(t.org)}/${id}`, headers: h })).statusCode).toBe(404);
    expect((await t.ctx.app.inject({ method: 'DELETE', url: `${base(t.org)}/${id}`, headers: h })).statusCode).toBe(
      404,
    );
    const db = t.ctx.database.db;
    expect(await db.$count(schema.addresses, eq(schema.addresses.customerId, id))).toBe(0);
    expect(await db.$count(schema.equipments, eq(schema.equipments.customerId, id))).toBe(0);
  });
});

describe('GET customers (list)', () => {
  let listOrg: TestOrg;
  const cpf = newCpf();
  beforeAll(async () => {
    listOrg = await createOrg(t.ctx);
    await create(listOrg, person({ identifier: cpf, name: 'João Conceição', email: 'jc@exemplo.com.br' }));
    await create(listOrg, { type: 1, identifier: newCnpj(), name: 'Açougue Boi Gordo Ltda', alias: 'Boi Gordo' });
    for (let i = 0; i < 30; i++)
      await create(listOrg, person({ name: `Cliente ${String(i).padStart(2, '0')}`, email: '' }));
  });
  const list = (query = '') =>
    t.ctx.app.inject({ url: `${base(listOrg)}?${query}`, headers: listOrg.as(listOrg.admin.token) });

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
