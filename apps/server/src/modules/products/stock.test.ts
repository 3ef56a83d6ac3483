import { describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { InvoiceState, messages, quantityMessages, stockMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile, type TestOrg } from '../../../test/helpers.ts';
import { allKeys, invoiceWorld } from '../../../test/invoice-fixtures.ts';

// Stock of products: the opening count, the movements an admin types in, the lines of completed
// orders going out (and back when reopened), the low-stock bell and the 'Margem por OS' report.
const t = perFile({ other: true, world: invoiceWorld });

type Method = 'GET' | 'POST' | 'PUT';
const products = (o: TestOrg, token: string, method: Method, rest = '', payload?: object) =>
  t.ctx.app.inject({
    method,
    url: `/api/organizations/${o.organization.id}/products${rest}`,
    headers: o.as(token),
    ...(payload ? { payload } : {}),
  });
const admin = (method: Method, rest = '', payload?: object) =>
  products(t.org, t.org.admin.token, method, rest, payload);

async function newProduct(body: object = {}) {
  const res = await admin('POST', '', {
    name: `Compressor ${Math.random().toString(36).slice(2, 7)}`,
    price: 900,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const stockOf = async (id: number) => (await admin('GET', `/${id}`)).json().stockQuantity as number;
const move = (id: number, body: object) => admin('POST', `/${id}/stock-movements`, body);
const history = async (id: number, qs = '') => (await admin('GET', `/${id}/stock-movements${qs}`)).json();

/** An order with these product lines ([product id, quantity]), left open. */
async function orderWith(lines: Array<[number, number]>) {
  const order = await t.world.createInvoice();
  const ids: number[] = [];
  for (const [product, quantity] of lines) {
    const res = await t.world.admin('POST', `/${order.id}/products`, { product, quantity });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
  await t.world.moveTo(order.id, InvoiceState.Wip);
  return { ...order, lines: ids };
}
const complete = async (id: number) => expect((await t.world.admin('POST', `/${id}/complete`)).statusCode).toBe(200);
const reopen = async (id: number) => expect((await t.world.admin('POST', `/${id}/start`)).statusCode).toBe(200);

const lowStockNotifications = (productId: number) =>
  t.ctx.database.db
    .select()
    .from(schema.notifications)
    .where(
      and(
        eq(schema.notifications.userId, t.org.admin.id),
        like(schema.notifications.sourceKey, `low-stock:${productId}:%`),
      ),
    );

describe('access', () => {
  it('401 without a token', async () => {
    const p = await newProduct();
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.ctx.app.inject({
        method,
        url: `/api/organizations/${t.org.organization.id}/products/${p.id}/stock-movements`,
        ...(method === 'POST' ? { payload: { quantity: 1, reason: 'x' } } : {}),
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it("another organization's product is a 404, and nothing moves", async () => {
    const theirs = (
      await products(t.other, t.other.admin.token, 'POST', '', { name: 'Deles', price: 1, stockQuantity: 4 })
    ).json();
    // Our organization's path with their product's id.
    expect((await move(theirs.id, { quantity: 1, reason: 'Compra' })).statusCode).toBe(404);
    expect((await admin('GET', `/${theirs.id}/stock-movements`)).statusCode).toBe(404);
    expect((await admin('GET', `/${theirs.id}`)).statusCode).toBe(404);
    expect((await products(t.other, t.other.admin.token, 'GET', `/${theirs.id}`)).json().stockQuantity).toBe(4);
  });

  it('403 for a collaborator on the products and their stock; an order never shows them the cost', async () => {
    const p = await newProduct({ cost: 400, stockQuantity: 3 });
    const worker = (method: Method, rest: string, payload?: object) =>
      products(t.org, t.org.worker.token, method, rest, payload);
    expect((await worker('GET', '')).statusCode).toBe(403);
    expect((await worker('GET', `/${p.id}`)).statusCode).toBe(403);
    expect((await worker('GET', `/${p.id}/stock-movements`)).statusCode).toBe(403);
    expect((await worker('POST', `/${p.id}/stock-movements`, { quantity: 1, reason: 'x' })).statusCode).toBe(403);
    expect(await stockOf(p.id)).toBe(3);
    // A collaborator completes an order with the product: the stock goes down, and what they read of
    // the order carries no cost.
    const order = await orderWith([[p.id, 1]]);
    await t.world.assignWorker(order.id);
    expect((await t.world.worker('POST', `/${order.id}/complete`)).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(2);
    const seen = await t.world.worker('GET', `/${order.id}`);
    const keys = allKeys(seen.json());
    for (const key of ['cost', 'unitCost', 'costCents', 'stockQuantity']) expect(keys.has(key), key).toBe(false);
  });
});

describe('product fields', () => {
  it('creates with sku (the code), unit, cost, opening count and minimum; the opening count is the first movement', async () => {
    const p = await newProduct({ sku: 'CMP-9K', unit: 'un', cost: 512.34, stockQuantity: 5, minStock: 2 });
    expect(p).toMatchObject({
      code: 'CMP-9K',
      sku: 'CMP-9K',
      unit: 'un',
      cost: 512.34,
      stockQuantity: 5,
      minStock: 2,
      stockStatus: 'ok',
    });
    const h = await history(p.id);
    expect(h.meta.total).toBe(1);
    expect(h.data[0]).toMatchObject({
      quantity: 5,
      reason: 'Estoque inicial',
      unitCost: 512.34,
      balance: 5,
      user: 'Admin Teste',
      invoiceId: null,
    });
    // Without an opening count: no movement, stock 0.
    const empty = await newProduct();
    expect(empty.stockQuantity).toBe(0);
    expect((await history(empty.id)).meta.total).toBe(0);
  });

  it('sku and code are one column: either may be sent, both only alike', async () => {
    const p = await newProduct({ code: 'A-1' });
    expect(p.sku).toBe('A-1');
    const both = await admin('POST', '', { name: 'X', price: 1, code: 'B-1', sku: 'B-2' });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({ sku: [stockMessages.skuAndCode] });
    const taken = await admin('POST', '', { name: 'X', price: 1, sku: 'A-1' });
    expect(taken.json().errors).toEqual({ code: ['Já existe um produto com este código'] });
    const put = await admin('PUT', `/${p.id}`, { name: p.name, price: 1, sku: 'A-2' });
    expect(put.json()).toMatchObject({ code: 'A-2', sku: 'A-2' });
  });

  it('an edit keeps the stock: the same stockQuantity passes, another is a 422; cost and minimum are edited', async () => {
    const p = await newProduct({ stockQuantity: 7, cost: 10 });
    const same = await admin('PUT', `/${p.id}`, {
      name: p.name,
      price: 900,
      stockQuantity: 7,
      cost: 12.5,
      minStock: 3,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ stockQuantity: 7, cost: 12.5, minStock: 3 });
    const other = await admin('PUT', `/${p.id}`, { name: 'Outro nome', price: 900, stockQuantity: 9 });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ stockQuantity: [stockMessages.changedByMovements] });
    expect((await admin('GET', `/${p.id}`)).json()).toMatchObject({ name: p.name, stockQuantity: 7 });
    // Without cost and minStock the edit keeps them; minStock null removes the minimum.
    const kept = await admin('PUT', `/${p.id}`, { name: p.name, price: 900 });
    expect(kept.json()).toMatchObject({ cost: 12.5, minStock: 3 });
    expect((await admin('PUT', `/${p.id}`, { name: p.name, price: 900, minStock: null })).json().minStock).toBeNull();
    // cost null: unknown, 0.
    expect((await admin('PUT', `/${p.id}`, { name: p.name, price: 900, cost: null })).json().cost).toBe(0);
    expect((await history(p.id)).meta.total).toBe(1);
  });

  it('422 in pt-BR per field: decimals where the unit counts whole, negative opening and minimum, bad cost', async () => {
    const cases: Array<[object, Record<string, string[]>]> = [
      [{ stockQuantity: 1.5 }, { stockQuantity: [quantityMessages.whole] }],
      [{ stockQuantity: -1 }, { stockQuantity: [stockMessages.openingNegative] }],
      [{ minStock: -2 }, { minStock: [stockMessages.minNegative] }],
      [{ unit: 'kg', stockQuantity: 1.2345 }, { stockQuantity: [quantityMessages.decimals] }],
      [{ cost: -1 }, { cost: ['O valor deve ser no mínimo 0'] }],
      [{ cost: 1.001 }, { cost: ['Use no máximo 2 casas decimais'] }],
      [{ stockQuantity: '3' }, { stockQuantity: [quantityMessages.required] }],
    ];
    for (const [body, errors] of cases) {
      const res = await admin('POST', '', { name: 'X', price: 1, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    const kg = await newProduct({ unit: 'kg', stockQuantity: 2.5, minStock: 0.75 });
    expect(kg).toMatchObject({ stockQuantity: 2.5, minStock: 0.75 });
    // A whole-number unit is refused while the stock has decimals.
    const toWhole = await admin('PUT', `/${kg.id}`, { name: kg.name, price: 1, unit: 'un' });
    expect(toWhole.json().errors).toEqual({ unit: [stockMessages.wholeUnitWithDecimals] });
  });
});

describe('movements', () => {
  it('purchases, losses and counts: signed quantities, the balance after each, newest first, paginated', async () => {
    const p = await newProduct({ stockQuantity: 2, cost: 100 });
    const purchase = await move(p.id, { quantity: 6, reason: 'Compra NF 123', unitCost: 120 });
    expect(purchase.statusCode, purchase.body).toBe(201);
    expect(purchase.json().movement).toMatchObject({ quantity: 6, reason: 'Compra NF 123', unitCost: 120, balance: 8 });
    // Weighted average: (2 × 100 + 6 × 120) / 8 = 115.
    expect(purchase.json().product).toMatchObject({ stockQuantity: 8, cost: 115 });
    const loss = await move(p.id, { quantity: -3, reason: 'Avaria' });
    expect(loss.json().movement).toMatchObject({ quantity: -3, unitCost: null, balance: 5 });
    expect(loss.json().product).toMatchObject({ stockQuantity: 5, cost: 115 });
    const h = await history(p.id, '?take=2');
    expect(h.meta).toEqual({ total: 3, skip: 0, take: 2 });
    expect(h.data.map((m: { reason: string }) => m.reason)).toEqual(['Avaria', 'Compra NF 123']);
    expect((await history(p.id, '?take=2&skip=2')).data.map((m: { reason: string }) => m.reason)).toEqual([
      'Estoque inicial',
    ]);
  });

  it('movements at once each see the others: the balances are a chain and the stock their sum', async () => {
    const p = await newProduct({ stockQuantity: 100 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => move(p.id, { quantity: i % 2 ? -3 : 5, reason: `Lote ${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(await stockOf(p.id)).toBe(108);
    // Oldest first, each balance is the one before plus its quantity: no movement saw a stale stock.
    const chain = (await history(p.id)).data.toReversed() as Array<{ quantity: number; balance: number }>;
    expect(chain).toHaveLength(9);
    chain.reduce((before, m) => {
      expect(m.balance).toBe(before + m.quantity);
      return m.balance;
    }, 0);
    expect(chain.at(-1)!.balance).toBe(108);
  });

  it('a purchase when nothing is on the shelf sets the cost to its price; decimals where the unit allows', async () => {
    const gas = await newProduct({ unit: 'kg', cost: 50 });
    const res = await move(gas.id, { quantity: 1.5, reason: 'Compra', unitCost: 80 });
    expect(res.json().product).toMatchObject({ stockQuantity: 1.5, cost: 80 });
    const out = await move(gas.id, { quantity: -0.25, reason: 'Uso interno' });
    expect(out.json().product.stockQuantity).toBe(1.25);
  });

  it('422 in pt-BR: zero, decimals on a whole unit, cost on an exit, no reason, too large', async () => {
    const p = await newProduct({ stockQuantity: 1 });
    const cases: Array<[object, Record<string, string[]>]> = [
      [{ quantity: 0, reason: 'x' }, { quantity: [stockMessages.zero] }],
      [{ quantity: 1.5, reason: 'x' }, { quantity: [quantityMessages.whole] }],
      [{ quantity: -1, reason: 'x', unitCost: 10 }, { unitCost: [stockMessages.unitCostOnExit] }],
      [{ quantity: 1, reason: '  ' }, { reason: [messages.required] }],
      [{ quantity: 100_001, reason: 'x' }, { quantity: [quantityMessages.max] }],
      [{ quantity: 1, reason: 'x', unitCost: 0 }, { unitCost: [stockMessages.costMin] }],
      [{ reason: 'x' }, { quantity: [quantityMessages.required] }],
    ];
    for (const [body, errors] of cases) {
      const res = await move(p.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await stockOf(p.id)).toBe(1);
    expect((await history(p.id)).meta.total).toBe(1);
  });

  it('negative stock is allowed and flagged; the list filters low and negative', async () => {
    const neg = await newProduct({ stockQuantity: 1 });
    const low = await newProduct({ stockQuantity: 2, minStock: 2 });
    const fine = await newProduct({ stockQuantity: 9, minStock: 2 });
    const res = await move(neg.id, { quantity: -3, reason: 'Ajuste de inventário' });
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ stockQuantity: -2, stockStatus: 'negative' });
    expect((await admin('GET', `/${low.id}`)).json().stockStatus).toBe('low');
    expect((await admin('GET', `/${fine.id}`)).json().stockStatus).toBe('ok');
    const ids = async (qs: string) =>
      (await admin('GET', `?take=100${qs}`)).json().data.map((p: { id: number }) => p.id) as number[];
    const negatives = await ids('&stock=negative');
    expect(negatives).toContain(neg.id);
    expect(negatives).not.toContain(low.id);
    const lows = await ids('&stock=low');
    expect(lows).toEqual(expect.arrayContaining([neg.id, low.id]));
    expect(lows).not.toContain(fine.id);
    expect((await admin('GET', '?stock=all')).statusCode).toBe(422);
  });
});

describe('orders', () => {
  it('completing takes each product line out (one movement per line, naming the order); reopening puts it back', async () => {
    const a = await newProduct({ stockQuantity: 10, cost: 40 });
    const b = await newProduct({ unit: 'kg', stockQuantity: 5, cost: 30 });
    const order = await orderWith([
      [a.id, 2],
      [b.id, 1.5],
      [a.id, 1],
    ]);
    expect(await stockOf(a.id)).toBe(10);
    await complete(order.id);
    expect(await stockOf(a.id)).toBe(7);
    expect(await stockOf(b.id)).toBe(3.5);
    const out = (await history(a.id)).data;
    expect(
      out
        .slice(0, 2)
        .map((m: { quantity: number }) => m.quantity)
        .sort(),
    ).toEqual([-1, -2]);
    expect(out[0]).toMatchObject({
      reason: `OS ${order.number} concluída`,
      invoiceId: order.id,
      invoiceNumber: order.number,
      unitCost: 40,
    });
    // Reopened: everything back; completed again: out again, once.
    await reopen(order.id);
    expect(await stockOf(a.id)).toBe(10);
    expect(await stockOf(b.id)).toBe(5);
    expect((await history(b.id)).data[0]).toMatchObject({ quantity: 1.5, reason: `OS ${order.number} reaberta` });
    await complete(order.id);
    expect(await stockOf(a.id)).toBe(7);
  });

  it('idempotent: a second completion (refused) or another state change of a completed order moves nothing', async () => {
    const p = await newProduct({ stockQuantity: 4 });
    const order = await orderWith([[p.id, 3]]);
    await complete(order.id);
    expect((await t.world.admin('POST', `/${order.id}/complete`)).statusCode).toBe(409);
    expect(await stockOf(p.id)).toBe(1);
    expect((await history(p.id)).meta.total).toBe(2);
  });

  it('a line removed from a reopened order stays in stock; cancelling the reopened order keeps all back', async () => {
    const a = await newProduct({ stockQuantity: 10 });
    const b = await newProduct({ stockQuantity: 10 });
    const order = await orderWith([
      [a.id, 4],
      [b.id, 2],
    ]);
    await complete(order.id);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([6, 8]);
    await reopen(order.id);
    const removed = await t.world.admin('DELETE', `/${order.id}/products/${order.lines[1]}`);
    expect(removed.statusCode).toBe(204);
    await complete(order.id);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([6, 10]);
    await reopen(order.id);
    expect(
      (await t.world.admin('POST', `/${order.id}/cancel/${t.world.statusOf(InvoiceState.Canceled).id}`)).statusCode,
    ).toBe(200);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 10]);
  });

  it('a line gone while its product is out is given back at the next state change', async () => {
    const p = await newProduct({ stockQuantity: 5, cost: 20 });
    const order = await orderWith([[p.id, 2]]);
    await complete(order.id);
    expect(await stockOf(p.id)).toBe(3);
    // The API refuses line changes on a completed order; the line is removed behind its back.
    await t.ctx.database.db.execute(sql`DELETE FROM invoice_products WHERE id = ${order.lines[0]}`);
    await reopen(order.id);
    expect(await stockOf(p.id)).toBe(5);
    expect((await history(p.id)).data[0]).toMatchObject({
      quantity: 2,
      reason: `OS ${order.number}: produto removido`,
      unitCost: 20,
    });
  });

  it('a refused completion moves nothing; an accepted one moves once', async () => {
    const p = await newProduct({ stockQuantity: 4 });
    const order = await orderWith([[p.id, 1]]);
    // Draft orders cannot be completed (409): the stock stays.
    const draft = await t.world.createInvoice();
    await t.world.admin('POST', `/${draft.id}/products`, { product: p.id, quantity: 1 });
    expect((await t.world.admin('POST', `/${draft.id}/complete`)).statusCode).toBe(409);
    expect(await stockOf(p.id)).toBe(4);
    await complete(order.id);
    expect(await stockOf(p.id)).toBe(3);
  });
});

describe('low-stock bell', () => {
  it('notifies once per fall to the minimum: not again while low, again after it went above and fell', async () => {
    const p = await newProduct({ stockQuantity: 5, minStock: 2 });
    expect(await lowStockNotifications(p.id)).toHaveLength(0);
    await move(p.id, { quantity: -3, reason: 'Uso' }); // 2: at the minimum
    const first = await lowStockNotifications(p.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      title: `Estoque baixo: ${p.name}`,
      description: `${p.name} está com 2 un em estoque; o mínimo é 2 un.`,
      url: `/products/${p.id}/edit`,
    });
    await move(p.id, { quantity: -1, reason: 'Uso' }); // 1
    const order = await orderWith([[p.id, 3]]);
    await complete(order.id); // -2
    expect(await lowStockNotifications(p.id)).toHaveLength(1);
    await move(p.id, { quantity: 10, reason: 'Compra', unitCost: 5 }); // 8: above
    expect(await lowStockNotifications(p.id)).toHaveLength(1);
    await move(p.id, { quantity: -6, reason: 'Uso' }); // 2: fell again
    expect(await lowStockNotifications(p.id)).toHaveLength(2);
    // The bell shows it.
    const bell = await t.ctx.app.inject({
      url: `/api/organizations/${t.org.organization.id}/notifications`,
      headers: t.org.as(t.org.admin.token),
    });
    expect(bell.json().data.map((n: { title: string }) => n.title)).toContain(`Estoque baixo: ${p.name}`);
  });

  it('a minimum set at or above the stock notifies; a product without a minimum never does, even negative', async () => {
    const p = await newProduct({ stockQuantity: 3 });
    await move(p.id, { quantity: -5, reason: 'Uso' });
    expect(await lowStockNotifications(p.id)).toHaveLength(0);
    await admin('PUT', `/${p.id}`, { name: p.name, price: 900, minStock: 1 });
    expect(await lowStockNotifications(p.id)).toHaveLength(1);
    await admin('PUT', `/${p.id}`, { name: p.name, price: 900, minStock: 2 });
    expect(await lowStockNotifications(p.id)).toHaveLength(1);
  });
});

describe("report 'Margem por OS'", () => {
  it('per completed order: total, the cost at completion, margin and margin %; stable after the cost changes', async () => {
    const fresh = await t.world.createInvoice();
    // Prices: product 900,00 × 2, cost 412,35 → 824,70; a service 180,00 (no cost); discount 30,00.
    const compressor = await newProduct({ stockQuantity: 5, cost: 412.35 });
    await t.world.admin('POST', `/${fresh.id}/products`, { product: compressor.id, quantity: 2 });
    await t.world.admin('POST', `/${fresh.id}/services`, { service: t.world.service.id, quantity: 1 });
    await t.world.admin('POST', `/${fresh.id}/discount`, { discount: 30 });
    // A gas line by kg: 1,5 kg × 89,90 = 134,85, cost 33,33/kg → 49,995 → 50,00 (half up).
    const gas = await newProduct({ unit: 'kg', stockQuantity: 10, cost: 33.33, price: 89.9 });
    await t.world.admin('POST', `/${fresh.id}/products`, { product: gas.id, quantity: 1.5 });
    await t.world.moveTo(fresh.id, InvoiceState.Completed);
    await t.ctx.database.db.execute(
      sql`UPDATE invoices SET finished_at = '2026-03-15T13:00:00Z' WHERE id = ${fresh.id}`,
    );
    // Later the compressor costs more: the finished order's cost does not change.
    await move(compressor.id, { quantity: 1, reason: 'Compra', unitCost: 2000 });
    // Another completed order of the period, reopened: it is not in the report.
    const reopened = await orderWith([[compressor.id, 1]]);
    await complete(reopened.id);
    await reopen(reopened.id);

    const period = { from: '2026-03-01', to: '2026-03-31' };
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/reports/order-margin/data`,
      headers: t.org.as(t.org.admin.token),
      payload: { ...period, customer: t.world.customer.name },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.header.map((c: { label: string }) => c.label)).toEqual([
      'OS',
      'Concluída em',
      'Total',
      'Custo',
      'Margem',
      'Margem (%)',
      'Cliente',
    ]);
    const row = body.body.find((r: unknown[]) => r[0] === fresh.number);
    // Total 1800 + 180 + 134,85 − 30 = 2084,85; cost 824,70 + 50,00 = 874,70; margin 1210,15 (58,0%).
    expect(row.slice(1)).toEqual(['2026-03-15', 2084.85, 874.7, 1210.15, 58, t.world.customer.name]);
    expect(body.body.some((r: unknown[]) => r[0] === reopened.number)).toBe(false);

    const csv = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/reports/order-margin/csv`,
      headers: t.org.as(t.org.admin.token),
      payload: { ...period, customer: t.world.customer.name },
    });
    expect(csv.statusCode).toBe(200);
    const text = csv.rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('OS;Concluída em;Total;Custo;Margem;Margem (%);Cliente');
    expect(text).toContain(`${fresh.number};15/03/2026;2084,85;874,70;1210,15;58,0;${t.world.customer.name}\r\n`);
  });

  it('422 on a bad period; a collaborator gets 403', async () => {
    const run = (token: string, payload: { from: string; to: string }) =>
      t.ctx.app.inject({
        method: 'POST',
        url: `/api/organizations/${t.org.organization.id}/reports/order-margin/data`,
        headers: t.org.as(token),
        payload,
      });
    const bad = await run(t.org.admin.token, { from: '2026-04-30', to: '2026-03-01' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ to: ['A data final deve ser igual ou posterior à inicial'] });
    const worker = await run(t.org.worker.token, { from: '2026-03-01', to: '2026-03-31' });
    expect(worker.statusCode).toBe(403);
  });
});
