import { describe, expect, it } from 'vitest';
import { createOrg } from '../../../test/helpers.ts';
import { registerApi, twoOrganizations, itChecksAccessOnOneRow } from '../../../test/register-tests.ts';

const suite = twoOrganizations();

const api = registerApi<{ id: number; name: string; code: string | null; price: number }>(
  suite,
  (o) => `/api/organizations/${o.organization.id}/products`,
);
const { call, create } = api;

describe('products: access', () => {
  itChecksAccessOnOneRow(api, {
    row: { name: 'Filtro', price: 10 },
    write: { name: 'X', price: 1 },
    theirWrite: { name: 'Roubado', price: 1 },
    titles: { collaborator: '403 for a collaborator on every route (admin only)' },
    afterwards: async (id) =>
      expect((await call(suite.org, suite.org.admin.token, 'GET', `/${id}`)).json().name).toBe('Filtro'),
  });

  it('404 for an unknown or malformed id', async () => {
    expect((await call(suite.org, suite.org.admin.token, 'GET', '/999999')).statusCode).toBe(404);
    expect((await call(suite.org, suite.org.admin.token, 'GET', '/abc')).statusCode).toBe(404);
  });
});

describe('products: create, read, update', () => {
  it('creates (201), reads and updates a product; money as reais with 2 decimals', async () => {
    const created = await create(suite.org, { name: '  Capacitor 35 µF  ', price: 48.9 });
    expect(created).toMatchObject({ name: 'Capacitor 35 µF', price: 48.9 });
    // What a new product reads as, but for its name and price: no code, no stock yet.
    const fresh = {
      id: created.id,
      code: null,
      sku: null,
      unit: 'un',
      warrantyDays: null,
      cost: 0,
      stockQuantity: 0,
      minStock: null,
      stockStatus: 'ok',
    };
    const got = await call(suite.org, suite.org.admin.token, 'GET', `/${created.id}`);
    expect(got.json()).toEqual({ ...fresh, name: 'Capacitor 35 µF', price: 48.9, version: 1 });
    const put = await call(suite.org, suite.org.admin.token, 'PUT', `/${created.id}`, {
      name: 'Capacitor 40 µF',
      price: 1234.56,
    });
    expect(put.statusCode).toBe(200);
    // The edit raised the product's version.
    expect(put.json()).toEqual({ ...fresh, name: 'Capacitor 40 µF', price: 1234.56, version: 2 });
  });

  it("a code: optional, unique in the organization (422 on code), kept by an edit without it, '' clears it", async () => {
    const p = await create(suite.org, { name: 'Filtro G4', code: ' FG-4 ', price: 30 });
    expect(p.code).toBe('FG-4');
    const dup = await call(suite.org, suite.org.admin.token, 'POST', '', { name: 'Outro', code: 'FG-4', price: 1 });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ code: ['Já existe um produto com este código'] });
    expect((await create(suite.other, { name: 'Filtro deles', code: 'FG-4', price: 1 })).code).toBe('FG-4');
    const kept = await call(suite.org, suite.org.admin.token, 'PUT', `/${p.id}`, { name: 'Filtro G4 novo', price: 31 });
    expect(kept.json()).toMatchObject({ code: 'FG-4', name: 'Filtro G4 novo' });
    const found = await call(suite.org, suite.org.admin.token, 'GET', '?q=fg-4');
    expect(found.json().data.map((r: { id: number }) => r.id)).toEqual([p.id]);
    const other = await create(suite.org, { name: 'Filtro G3', code: 'FG-3', price: 30 });
    const taken = await call(suite.org, suite.org.admin.token, 'PUT', `/${other.id}`, {
      name: 'Filtro G3',
      code: 'FG-4',
      price: 30,
    });
    expect(taken.json().errors).toEqual({ code: ['Já existe um produto com este código'] });
    const cleared = await call(suite.org, suite.org.admin.token, 'PUT', `/${p.id}`, { name: 'X', code: '', price: 1 });
    expect(cleared.json().code).toBeNull();
    // Without codes, any number of products: only a given code is unique.
    expect(
      (await call(suite.org, suite.org.admin.token, 'PUT', `/${other.id}`, { name: 'Y', code: '', price: 1 }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps the largest price, R$ 99.999.999,99, to the cent', async () => {
    const created = await create(suite.org, { name: 'Chiller industrial', price: 99_999_999.99 });
    expect(created.price).toBe(99_999_999.99);
    const got = await call(suite.org, suite.org.admin.token, 'GET', `/${created.id}`);
    expect(got.json().price).toBe(99_999_999.99);
    const put = await call(suite.org, suite.org.admin.token, 'PUT', `/${created.id}`, { name: 'Chiller', price: 1850 });
    expect(put.json().price).toBe(1850);
  });

  it('422 per rule: name required, price 0, price 0.001, negative, missing, too large', async () => {
    const cases: Array<[object, string[]]> = [
      [{ name: '', price: 10 }, ['name']],
      [{ name: 'X', price: 0 }, ['price']],
      [{ name: 'X', price: 0.001 }, ['price']],
      [{ name: 'X', price: -5 }, ['price']],
      [{ name: 'X' }, ['price']],
      [{ name: 'X', price: 100_000_000 }, ['price']],
      [{ price: '10' }, ['name', 'price']],
    ];
    for (const [body, fields] of cases) {
      const res = await call(suite.org, suite.org.admin.token, 'POST', '', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors).sort(), JSON.stringify(body)).toEqual(fields);
    }
    const zero = await call(suite.org, suite.org.admin.token, 'POST', '', { name: 'X', price: 0 });
    expect(zero.json().errors.price).toEqual(['O preço deve ser de no mínimo R$ 0,01']);
    const fraction = await call(suite.org, suite.org.admin.token, 'POST', '', { name: 'X', price: 0.011 });
    expect(fraction.json().errors.price).toEqual(['Use no máximo 2 casas decimais']);
  });

  it('a refused update changes nothing', async () => {
    const p = await create(suite.org, { name: 'Tubo de cobre', price: 28.75 });
    const res = await call(suite.org, suite.org.admin.token, 'PUT', `/${p.id}`, { name: 'Tubo', price: 0 });
    expect(res.statusCode).toBe(422);
    expect((await call(suite.org, suite.org.admin.token, 'GET', `/${p.id}`)).json()).toMatchObject({
      name: 'Tubo de cobre',
      price: 28.75,
    });
  });
});

describe('products: list', () => {
  it("paginates on the server with the real total, only the organization's own rows", async () => {
    const fresh = await createOrg(suite.ctx);
    for (let i = 1; i <= 7; i++) await create(fresh, { name: `Peça ${String(i).padStart(2, '0')}`, price: i });
    await create(suite.other, { name: 'Peça de outra empresa', price: 1 });
    const first = await call(fresh, fresh.admin.token, 'GET', '?take=3');
    expect(first.json().meta).toEqual({ total: 7, skip: 0, take: 3 });
    expect(first.json().data.map((p: { name: string }) => p.name)).toEqual(['Peça 01', 'Peça 02', 'Peça 03']);
    const last = await call(fresh, fresh.admin.token, 'GET', '?take=3&skip=6');
    expect(last.json().data).toHaveLength(1);
    expect(last.json().meta.total).toBe(7);
    const beyond = await call(fresh, fresh.admin.token, 'GET', '?take=3&skip=30');
    expect(beyond.json()).toEqual({ data: [], meta: { total: 7, skip: 30, take: 3 } });
  });

  it('searches by name, case- and accent-insensitive', async () => {
    const fresh = await createOrg(suite.ctx);
    await create(fresh, { name: 'Gás refrigerante R-410A', price: 89.9 });
    await create(fresh, { name: 'Capacitor', price: 48 });
    const res = await call(fresh, fresh.admin.token, 'GET', '?q=GAS%20REFRIG');
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['Gás refrigerante R-410A']);
    expect(res.json().meta.total).toBe(1);
  });

  it('422 on a bad take', async () => {
    expect((await call(suite.org, suite.org.admin.token, 'GET', '?take=0')).statusCode).toBe(422);
    expect((await call(suite.org, suite.org.admin.token, 'GET', '?take=500')).statusCode).toBe(422);
  });

  it('the demo organization has its seeded catalogue', async () => {
    const login = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin@demo.com.br', password: 'demo1234' },
    });
    const res = await suite.ctx.app.inject({
      url: '/api/organizations/1/products',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(res.json().meta.total).toBe(8);
  });
});
