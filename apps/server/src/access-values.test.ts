import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { builtInRoles, InvoiceState, permissionSet, ROLE_USER, type Permission } from '@ordem-certa/contracts';
import { pdfText } from '@ordem-certa/test-support/pdf-text';
import { addUser, createOrg, createTestApp, type TestContext, type TestOrg } from '../test/helpers.ts';
import { invoiceWorld, type InvoiceWorld } from '../test/invoice-fixtures.ts';

/**
 * Prices and costs in every answer that carries them, for readers of each kind: an Administrador sees
 * them all (so the values below are really in the answers), an Atendente the prices and no cost, and a
 * custom role that reads products, estimates, orders and reports without `price.see` nor `cost.see`
 * sees neither. The values are odd enough to be found nowhere else, and are looked for as JSON, CSV
 * and PDF write them (8765.43, 8765,43, 8.765,43).
 */

const PRODUCT_PRICE = 8765.43;
const PRODUCT_COST = 4321.09;
const SERVICE_PRICE = 5432.17;
/** The order's and the estimate's total: one of each line. */
const TOTAL = 14197.6;
/** The order's margin: its total less its product's cost. */
const MARGIN = 9876.51;

const prices = [PRODUCT_PRICE, SERVICE_PRICE, TOTAL];
const costs = [PRODUCT_COST, MARGIN];

/** The ways an answer writes the amount: JSON, the CSV's decimal comma, the PDF's pt-BR money. */
function writings(value: number) {
  const fixed = value.toFixed(2);
  return [
    String(value),
    fixed.replace('.', ','),
    new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value),
  ];
}
const found = (body: string, values: number[]) => values.filter((v) => writings(v).some((w) => body.includes(w)));

let ctx: TestContext;
let org: TestOrg;
let world: InvoiceWorld;
let productId: number;
let serviceId: number;
let estimateId: number;
let invoiceId: number;

interface Reader {
  name: string;
  token: string;
  permissions: ReadonlySet<Permission>;
}
let readers: { admin: Reader; frontDesk: Reader; noValues: Reader; noCosts: Reader };

const orgUrl = () => `/api/organizations/${org.organization.id}`;
/** A day in the organization's zone (the reports' periods are read there), `days` from today. */
const day = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now() + days * 86_400_000);

async function ok(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const res = await ctx.app.inject({ method, url, headers: org.as(org.admin.token), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrg(ctx);
  world = await invoiceWorld(ctx, org);
  const db = ctx.database.db;
  const base = orgUrl();
  productId = (
    await ok('POST', `${base}/products`, {
      name: 'Compressor rotativo',
      price: PRODUCT_PRICE,
      cost: PRODUCT_COST,
      stockQuantity: 10,
    })
  ).id;
  serviceId = (await ok('POST', `${base}/services`, { name: 'Troca do compressor', price: SERVICE_PRICE })).id;

  estimateId = (
    await ok('POST', `${base}/estimates`, {
      company: world.company.id,
      customer: world.customer.id,
      transactionNature: world.nature.id,
    })
  ).id;
  await ok('POST', `${base}/estimates/${estimateId}/services`, { service: serviceId, quantity: 1 });
  await ok('POST', `${base}/estimates/${estimateId}/products`, { product: productId, quantity: 1 });
  // Sent (Wip): its document prints the values and the PIX block.
  await ok('PATCH', `${base}/estimates/${estimateId}`, { status: 1 });
  // Shared: the customer's page shows the prices, so its link is a price too.
  await ok('POST', `${base}/estimates/${estimateId}/share`);

  invoiceId = (await world.createInvoice()).id;
  await ok('POST', `${base}/invoices/${invoiceId}/services`, { service: serviceId, quantity: 1 });
  await ok('POST', `${base}/invoices/${invoiceId}/products`, { product: productId, quantity: 1 });
  await world.moveTo(invoiceId, InvoiceState.Completed);

  const roleRows = await db
    .select({ id: schema.roles.id, builtIn: schema.roles.builtIn })
    .from(schema.roles)
    .where(eq(schema.roles.organizationId, org.organization.id));
  const roleId = (key: string) => roleRows.find((r) => r.builtIn === key)!.id;
  const customRole = async (name: string, permissions: ReadonlySet<Permission>) => {
    const [row] = await db
      .insert(schema.roles)
      .values({ organizationId: org.organization.id, name, permissions: [...permissions] })
      .returning({ id: schema.roles.id });
    return row!.id;
  };
  const reader = async (name: string, id: number, permissions: ReadonlySet<Permission>): Promise<Reader> => {
    const user = await addUser(ctx, org.organization.id, {
      name,
      email: `${name.replace(/\W/g, '')}-${id}-${Date.now()}@teste.com.br`,
      role: ROLE_USER,
    });
    await db.update(schema.users).set({ roleId: id }).where(eq(schema.users.id, user.id));
    return { name, token: user.token, permissions };
  };
  const reading: Permission[] = [
    'customer.see',
    'product.see',
    'service.see',
    'estimate.see',
    'estimate.edit',
    'estimate.send',
    'invoice.see',
    'invoice.seeAll',
    'invoice.edit',
    'report.see',
  ];
  const noValues = permissionSet(reading);
  const noCosts = permissionSet([...reading, 'price.see']);
  readers = {
    admin: await reader('Dona', roleId('admin'), builtInRoles.admin.permissions),
    frontDesk: await reader('Atendente', roleId('frontDesk'), builtInRoles.frontDesk.permissions),
    noValues: await reader('Sem valores', await customRole('Consulta sem valores', noValues), noValues),
    noCosts: await reader('Sem custos', await customRole('Consulta sem custos', noCosts), noCosts),
  };
});
afterAll(() => ctx.close());

/** A read the reader's role allows, and the text it answers (a PDF's words through pdftotext). */
interface Read {
  what: string;
  needs: Permission;
  read: (r: Reader) => Promise<string>;
}

const get = (url: string) => async (r: Reader) => {
  const res = await ctx.app.inject({ method: 'GET', url: `${orgUrl()}${url}`, headers: org.as(r.token) });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.body;
};
const post = (url: string, payload: object) => async (r: Reader) => {
  const res = await ctx.app.inject({ method: 'POST', url: `${orgUrl()}${url}`, headers: org.as(r.token), payload });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.rawPayload.toString('utf8');
};
const pdf = (url: string, payload: object) => async (r: Reader) => {
  const link = await ctx.app.inject({ method: 'POST', url: `${orgUrl()}${url}`, headers: org.as(r.token), payload });
  expect(link.statusCode, `${url} ${link.body}`).toBeLessThan(300);
  const res = await ctx.app.inject({ method: 'GET', url: link.json().url });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
};

const period = () => ({ from: day(-2), to: day(0) });
const reads: Read[] = [
  { what: 'GET products', needs: 'product.see', read: get('/products') },
  { what: 'GET services', needs: 'service.see', read: get('/services') },
  { what: 'GET estimates', needs: 'estimate.see', read: get('/estimates') },
  { what: 'GET invoices (home card)', needs: 'invoice.seeAll', read: get('/invoices/completed') },
  {
    what: 'POST reports/order-margin/data',
    needs: 'report.see',
    read: (r) => post('/reports/order-margin/data', period())(r),
  },
  {
    what: 'POST reports/order-margin/csv',
    needs: 'report.see',
    read: (r) => post('/reports/order-margin/csv', period())(r),
  },
  {
    what: 'POST reports/revenue-by-month/data',
    needs: 'report.see',
    read: (r) => post('/reports/revenue-by-month/data', period())(r),
  },
  {
    what: 'POST reports/revenue-by-month/csv',
    needs: 'report.see',
    read: (r) => post('/reports/revenue-by-month/csv', period())(r),
  },
];
/** The reads that name a record made in beforeAll (their URLs are known only then). */
const recordReads = (): Read[] => [
  { what: 'GET products/{id}', needs: 'product.see', read: get(`/products/${productId}`) },
  {
    what: 'GET products/{id}/stock-movements',
    needs: 'product.see',
    read: get(`/products/${productId}/stock-movements`),
  },
  { what: 'GET services/{id}', needs: 'service.see', read: get(`/services/${serviceId}`) },
  { what: 'GET estimates/{id}', needs: 'estimate.see', read: get(`/estimates/${estimateId}`) },
  { what: 'estimate PDF', needs: 'estimate.send', read: pdf(`/estimates/${estimateId}/pdf`, {}) },
  {
    what: 'GET estimates/{id}/products/available',
    needs: 'estimate.edit',
    read: get(`/estimates/${estimateId}/products/available`),
  },
  { what: 'GET invoices/{id}', needs: 'invoice.see', read: get(`/invoices/${invoiceId}`) },
  {
    what: 'order PDF (with values)',
    needs: 'invoice.see',
    read: pdf(`/invoices/${invoiceId}/pdf`, { showValues: true }),
  },
  {
    what: 'GET invoices/{id}/services/available',
    needs: 'invoice.edit',
    read: get(`/invoices/${invoiceId}/services/available`),
  },
];
const allReads = () => [...reads, ...recordReads()];

describe('prices and costs follow price.see and cost.see in every answer', () => {
  it('an Administrador sees every price and cost (the values are really there)', async () => {
    const seen = new Map<string, number[]>();
    for (const r of allReads()) seen.set(r.what, found(await r.read(readers.admin), [...prices, ...costs]));
    // Each answer carries at least one of the values; the product's cost and the margin appear where shown.
    for (const [what, values] of seen) expect(values.length, what).toBeGreaterThan(0);
    expect(seen.get('GET products/{id}')).toEqual(expect.arrayContaining([PRODUCT_PRICE, PRODUCT_COST]));
    expect(seen.get('POST reports/order-margin/csv')).toEqual(expect.arrayContaining([TOTAL, PRODUCT_COST, MARGIN]));
    expect(seen.get('estimate PDF')).toEqual(expect.arrayContaining([TOTAL]));
  });

  for (const [key, lacks] of [
    ['frontDesk', { prices: false, costs: true }],
    ['noCosts', { prices: false, costs: true }],
    ['noValues', { prices: true, costs: true }],
  ] as const) {
    it(`${key}: no ${lacks.prices ? 'price nor ' : ''}cost anywhere${lacks.prices ? '' : ', the prices still there'}`, async () => {
      const reader = readers[key];
      let checked = 0;
      for (const r of allReads()) {
        if (!reader.permissions.has(r.needs)) continue;
        const body = await r.read(reader);
        checked++;
        expect(found(body, costs), `${r.what} shows a cost to ${reader.name}`).toEqual([]);
        if (lacks.prices) expect(found(body, prices), `${r.what} shows a price to ${reader.name}`).toEqual([]);
        else if (r.what !== 'GET products/{id}/stock-movements')
          expect(found(body, prices).length, `${r.what} hides the prices from ${reader.name}`).toBeGreaterThan(0);
      }
      expect(checked).toBeGreaterThan(key === 'frontDesk' ? 8 : 12);
      if (reader.permissions.has('estimate.see')) {
        const detail = JSON.parse(await get(`/estimates/${estimateId}`)(reader));
        if (lacks.prices) expect(detail.share, 'the share link opens the prices').toBeNull();
        else expect(detail.share?.url).toContain('/review?token=');
      }
    });
  }

  it("a kept answer is not sent once the reader's role lost price.see", async () => {
    // GET invoices/{id} is kept while the order is unchanged; a role's change touches no order.
    const db = ctx.database.db;
    const [role] = await db
      .insert(schema.roles)
      .values({ organizationId: org.organization.id, name: 'Muda', permissions: [...readers.noCosts.permissions] })
      .returning({ id: schema.roles.id });
    const user = await addUser(ctx, org.organization.id, {
      name: 'Troca de função',
      email: `troca-${Date.now()}@teste.com.br`,
      role: ROLE_USER,
    });
    await db.update(schema.users).set({ roleId: role!.id }).where(eq(schema.users.id, user.id));
    const asUser: Reader = { name: user.name, token: user.token, permissions: readers.noCosts.permissions };
    const read = get(`/invoices/${invoiceId}`);
    expect(found(await read(asUser), prices).length).toBeGreaterThan(0);
    expect(found(await read(asUser), prices).length).toBeGreaterThan(0);
    await db
      .update(schema.roles)
      .set({ permissions: [...readers.noValues.permissions] })
      .where(eq(schema.roles.id, role!.id));
    expect(found(await read(asUser), prices)).toEqual([]);
  });

  it('an edit by a reader who may not see the price keeps it', async () => {
    const db = ctx.database.db;
    const [manager] = await db
      .insert(schema.roles)
      .values({
        organizationId: org.organization.id,
        name: 'Estoquista',
        permissions: [...permissionSet(['product.see', 'product.manage'])],
      })
      .returning({ id: schema.roles.id });
    const user = await addUser(ctx, org.organization.id, {
      name: 'Estoquista',
      email: `estoque-${Date.now()}@teste.com.br`,
      role: ROLE_USER,
    });
    await db.update(schema.users).set({ roleId: manager!.id }).where(eq(schema.users.id, user.id));
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${orgUrl()}/products/${productId}`,
      headers: org.as(user.token),
      payload: { name: 'Compressor rotativo 2', price: 1, cost: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).not.toHaveProperty('price');
    expect(res.json()).not.toHaveProperty('cost');
    const [row] = await db.select().from(schema.products).where(eq(schema.products.id, productId));
    expect(row).toMatchObject({ name: 'Compressor rotativo 2', priceCents: 876543, costCents: 432109 });
  });
});
