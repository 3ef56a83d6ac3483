import { describe, expect, it } from 'vitest';
import { versionMessages } from '@ordem-certa/contracts';
import { perFile } from '../../../test/helpers.ts';
import { planWorld } from '../../../test/maintenance-plan-fixtures.ts';

// Row versions on the registers edited in a form: companies, products and maintenance plans. A write
// made against an older version is a 409 with what changed; one made against the current passes.
const t = perFile({ world: planWorld });

type Method = 'GET' | 'POST' | 'PUT';
const api = (method: Method, rest: string, payload?: object) =>
  t.ctx.app.inject({
    method,
    url: `/api/organizations/${t.org.organization.id}${rest}`,
    headers: t.org.as(t.org.admin.token),
    ...(payload ? { payload } : {}),
  });
const expectConflict = (res: Awaited<ReturnType<typeof api>>, version: number, changed: string[]) => {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().errors).toEqual([versionMessages.changedByOther]);
  expect(res.json().conflict).toMatchObject({ version, changed });
};

describe('registers', () => {
  it('companies: a stale identity edit → 409; a fresh one passes; the template save raises the version too', async () => {
    const url = `/companies/${t.world.company.id}`;
    const loaded = (await api('GET', url)).json();
    const body = { type: loaded.type, name: loaded.name, alias: loaded.alias ?? 'Oficina', email: null, phone: null };
    // Another person saves the company's e-mail template meanwhile: the row changed.
    const template = await api('POST', `${url}/email`, {
      emailSubject: 'Orçamento',
      emailBody: '<p>Olá</p>',
      emailSignature: '<p>Oficina</p>',
    });
    expect(template.statusCode, template.body).toBe(200);
    const v1 = template.json().version as number;
    expect(v1).toBeGreaterThan(loaded.version);
    // That change is not among the fields this write sends: only what this write changes differs.
    expectConflict(await api('PUT', url, { ...body, version: loaded.version }), v1, loaded.alias ? [] : ['alias']);
    const fresh = await api('PUT', url, { ...body, email: 'oficina@exemplo.com.br', version: v1 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ email: 'oficina@exemplo.com.br', emailSubject: 'Orçamento' });
  });

  it('products: stale → 409 with the current price; fresh → 200; a stock movement also moves the version', async () => {
    const created = await api('POST', '/products', { name: 'Filtro', price: 10 });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json();
    const first = await api('PUT', `/products/${p.id}`, { name: 'Filtro', price: 12, version: p.version });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await api('PUT', `/products/${p.id}`, { name: 'Filtro G4', price: 10, version: p.version });
    expectConflict(stale, first.json().version, ['name', 'price']);
    expect(stale.json().conflict.current).toMatchObject({ name: 'Filtro', price: 12 });
    expect((await api('GET', `/products/${p.id}`)).json()).toMatchObject({ name: 'Filtro', price: 12 });

    const moved = await api('POST', `/products/${p.id}/stock-movements`, {
      quantity: 3,
      reason: 'Compra',
      unitCost: 5,
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const v2 = (await api('GET', `/products/${p.id}`)).json().version as number;
    expect(v2).toBeGreaterThan(first.json().version);
    const fresh = await api('PUT', `/products/${p.id}`, { name: 'Filtro G4', price: 12, version: v2 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ name: 'Filtro G4', stockQuantity: 3 });
  });

  it('maintenance plans: stale → 409 naming the fields that differ; fresh → 200', async () => {
    const plan = await t.world.createPlan();
    const first = await t.world.plans('PUT', `/${plan.id}`, { ...t.world.body(), leadDays: 10, version: plan.version });
    expect(first.statusCode, first.body).toBe(200);
    const v1 = first.json().version as number;
    const stale = await t.world.plans('PUT', `/${plan.id}`, {
      ...t.world.body(),
      artNumber: '999',
      version: plan.version,
    });
    expectConflict(stale, v1, ['leadDays', 'artNumber']);
    expect(stale.json().conflict.current).toMatchObject({ leadDays: 10, artNumber: '28027230201234567' });
    const fresh = await t.world.plans('PUT', `/${plan.id}`, {
      ...t.world.body(),
      leadDays: 10,
      artNumber: '999',
      version: v1,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ leadDays: 10, artNumber: '999' });
  });
});
