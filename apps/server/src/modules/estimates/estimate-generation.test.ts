import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { EstimateStatus, InvoiceState } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile, addSecondAdmin } from '../../../test/helpers.ts';
import { estimateWorld } from '../../../test/estimate-fixtures.ts';
import { newCpf } from '../../../test/factories.ts';
import { splitDiscount } from './estimate-discount.service.ts';

// Generating service orders from a Completed estimate: the dialog's rules, one transaction, two
// admins at once, and property-based runs of random estimates and random partial generations.
const t = perFile({ other: true, world: estimateWorld });
let secondAdmin: { as: { authorization: string } };
beforeAll(async () => {
  secondAdmin = { as: t.org.as((await addSecondAdmin(t.ctx, t.org)).token) };
});

interface Shape {
  services: Array<{ quantity: number; isGrouped: boolean }>;
  products: Array<{ quantity: number; isGrouped: boolean }>;
  equipments: number;
}

/** A Completed estimate with the given lines; returns its line ids. */
async function completedEstimate(shape: Shape) {
  const e = await t.world.createEstimate();
  const services = [];
  for (const s of shape.services)
    services.push(await t.world.ok('POST', `/${e.id}/services`, { service: t.world.service.id, ...s }));
  const products = [];
  for (const p of shape.products)
    products.push(await t.world.ok('POST', `/${e.id}/products`, { product: t.world.product.id, ...p }));
  const equipments = [];
  for (const piece of [t.world.equipment, t.world.equipment2].slice(0, shape.equipments))
    equipments.push(await t.world.ok('POST', `/${e.id}/equipments`, { equipment: piece.id }));
  await t.world.moveTo(e.id, EstimateStatus.Completed);
  return { ...e, services, products, equipments };
}

const generate = (id: number, body: object, headers = t.org.as(t.org.admin.token)) =>
  t.ctx.app.inject({ method: 'POST', url: t.world.url(`/${id}/invoices`), headers, payload: body });

/** What the database says: per estimate line, the units on live (not canceled) orders, and the line shapes. */
async function assigned(estimateId: number) {
  const db = t.ctx.database.db;
  const orders = await db.select().from(schema.invoices).where(eq(schema.invoices.estimateId, estimateId));
  const live = orders.filter((o) => o.state !== InvoiceState.Canceled).map((o) => o.id);
  const ids = orders.map((o) => o.id);
  const none = ids.length === 0;
  const [services, products, equipments] = await Promise.all([
    none ? [] : db.select().from(schema.invoiceServices).where(inArray(schema.invoiceServices.invoiceId, ids)),
    none ? [] : db.select().from(schema.invoiceProducts).where(inArray(schema.invoiceProducts.invoiceId, ids)),
    none ? [] : db.select().from(schema.invoiceEquipments).where(inArray(schema.invoiceEquipments.invoiceId, ids)),
  ]);
  return {
    orders,
    services: services.filter((l) => live.includes(l.invoiceId)),
    products: products.filter((l) => live.includes(l.invoiceId)),
    equipments: equipments.filter((l) => live.includes(l.invoiceId)),
  };
}

describe('rules', () => {
  it('only from Completed; the order records its estimate; grouped whole, non-grouped one unit a line', async () => {
    const draft = await t.world.createEstimate();
    await t.world.ok('POST', `/${draft.id}/equipments`, { equipment: t.world.equipment.id });
    const line = (await t.world.ok('GET', `/${draft.id}`)).estimateEquipments[0];
    const refused = await generate(draft.id, { invoice: null, equipments: [line.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual(['Somente orçamentos aprovados geram ordens de serviço']);

    const e = await completedEstimate({
      services: [{ quantity: 3, isGrouped: false }],
      products: [{ quantity: 4, isGrouped: true }],
      equipments: 2,
    });
    const first = await generate(e.id, {
      invoice: null,
      equipments: [e.equipments[0].id],
      services: [{ id: e.services[0].id, quantity: 2 }],
      products: [{ id: e.products[0].id, quantity: 4 }],
    });
    expect(first.statusCode).toBe(201);
    const order = await t.world.invoiceApi('GET', `/${first.json().id}`);
    expect(order.json()).toMatchObject({
      estimateId: e.id,
      estimateNumber: e.number,
      statusState: InvoiceState.Draft,
      customerId: t.world.customer.id,
      subTotal: 2 * 180 + 4 * 35.9,
    });
    expect(order.json().invoiceServices.map((l: { quantity: number }) => l.quantity)).toEqual([1, 1]);
    expect(order.json().invoiceProducts.map((l: { quantity: number }) => l.quantity)).toEqual([4]);

    // What remains: one unit of the service and the second equipment; the grouped product is gone.
    let tab = await t.world.ok('GET', `/${e.id}/invoices`);
    expect(tab.data.map((o: { id: number }) => o.id)).toEqual([first.json().id]);
    expect(tab.remaining.services).toEqual([expect.objectContaining({ id: e.services[0].id, remaining: 1 })]);
    expect(tab.remaining.products).toEqual([]);
    expect(tab.remaining.equipments.map((l: { id: number }) => l.id)).toEqual([e.equipments[1].id]);

    // The same equipment, a grouped line again, more units than remain: 409 and nothing changes.
    for (const body of [
      { invoice: first.json().id, equipments: [e.equipments[0].id] },
      { invoice: null, products: [{ id: e.products[0].id, quantity: 4 }] },
      { invoice: null, services: [{ id: e.services[0].id, quantity: 2 }] },
    ]) {
      const res = await generate(e.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
    }
    expect((await t.world.ok('GET', `/${e.id}/invoices`)).data).toHaveLength(1);

    // Into the existing order: what remains.
    const second = await generate(e.id, {
      invoice: first.json().id,
      equipments: [e.equipments[1].id],
      services: [{ id: e.services[0].id, quantity: 1 }],
    });
    expect(second.statusCode).toBe(201);
    tab = await t.world.ok('GET', `/${e.id}/invoices`);
    expect(tab.remaining).toEqual({ services: [], products: [], equipments: [] });

    // Canceling the order frees everything again; a canceled order takes no more lines.
    const cancel = await t.world.invoiceApi(
      'POST',
      `/${first.json().id}/cancel/${t.world.statusOf(InvoiceState.Canceled).id}`,
    );
    expect(cancel.statusCode).toBe(200);
    tab = await t.world.ok('GET', `/${e.id}/invoices`);
    expect(tab.data[0]).toMatchObject({ isClosed: true, statusState: InvoiceState.Canceled });
    expect(tab.remaining.services).toEqual([expect.objectContaining({ remaining: 3 })]);
    expect(tab.remaining.equipments).toHaveLength(2);
    const closed = await generate(e.id, {
      invoice: first.json().id,
      services: [{ id: e.services[0].id, quantity: 1 }],
    });
    expect(closed.statusCode).toBe(409);
  });

  it("another estimate's order → 422, another organization's order → 404, another estimate's line → 404", async () => {
    const a = await completedEstimate({ services: [{ quantity: 1, isGrouped: false }], products: [], equipments: 0 });
    const b = await completedEstimate({ services: [{ quantity: 1, isGrouped: false }], products: [], equipments: 0 });
    const ofB = await generate(b.id, { invoice: null, services: [{ id: b.services[0].id, quantity: 1 }] });
    const plain = await t.world.createInvoice();
    const pick = { services: [{ id: a.services[0].id, quantity: 1 }] };
    expect((await generate(a.id, { invoice: ofB.json().id, ...pick })).statusCode).toBe(422);
    expect((await generate(a.id, { invoice: plain.id, ...pick })).statusCode).toBe(422);
    const theirOrder = await t.theirs.createInvoice();
    expect((await generate(a.id, { invoice: theirOrder.id, ...pick })).statusCode).toBe(404);
    expect(
      (await generate(a.id, { invoice: null, services: [{ id: b.services[0].id, quantity: 1 }] })).statusCode,
    ).toBe(404);
    expect((await generate(a.id, { invoice: null })).statusCode).toBe(422);
    expect((await generate(a.id, { invoice: null, services: [pick.services[0], pick.services[0]] })).statusCode).toBe(
      422,
    );
    expect((await t.world.ok('GET', `/${a.id}/invoices`)).data).toEqual([]);
  });

  it('two admins generating at once: each unit and equipment reaches one order only', async () => {
    const e = await completedEstimate({
      services: [{ quantity: 3, isGrouped: false }],
      products: [{ quantity: 2, isGrouped: true }],
      equipments: 1,
    });
    const body = {
      invoice: null,
      equipments: [e.equipments[0].id],
      services: [{ id: e.services[0].id, quantity: 2 }],
      products: [{ id: e.products[0].id, quantity: 2 }],
    };
    const results = await Promise.all([generate(e.id, body), generate(e.id, body, secondAdmin.as)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const state = await assigned(e.id);
    expect(state.orders).toHaveLength(1);
    expect(state.services).toHaveLength(2);
    expect(state.products).toHaveLength(1);
    expect(state.equipments).toHaveLength(1);
    // Disjoint picks both succeed.
    const e2 = await completedEstimate({ services: [{ quantity: 4, isGrouped: false }], products: [], equipments: 0 });
    const half = { invoice: null, services: [{ id: e2.services[0].id, quantity: 2 }] };
    const both = await Promise.all([generate(e2.id, half), generate(e2.id, half, secondAdmin.as)]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await assigned(e2.id)).services).toHaveLength(4);
  });
});

describe('invariants (property-based)', () => {
  const lineArb = fc.record({ quantity: fc.integer({ min: 1, max: 4 }), isGrouped: fc.boolean() });
  const shapeArb = fc
    .record({
      services: fc.array(lineArb, { maxLength: 3 }),
      products: fc.array(lineArb, { maxLength: 2 }),
      equipments: fc.integer({ min: 0, max: 2 }),
    })
    .filter((s) => s.services.length + s.products.length + s.equipments > 0);
  /** An operation, read against the current state (indices wrap around what exists). */
  const opArb = fc.oneof(
    fc.record({
      kind: fc.constant('generate' as const),
      target: fc.nat(4), // 0 = 'Nova +', else an existing order (modulo)
      picks: fc.array(
        fc.record({
          section: fc.constantFrom('services', 'products', 'equipments'),
          line: fc.nat(5),
          units: fc.integer({ min: 1, max: 5 }),
        }),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
    }),
    fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(4) }),
    fc.record({ kind: fc.constant('removeLine' as const), order: fc.nat(4), line: fc.nat(6) }),
  );

  it('nothing assigned twice, nothing lost, canceled orders free their lines again', async () => {
    await fc.assert(
      fc.asyncProperty(shapeArb, fc.array(opArb, { minLength: 1, maxLength: 6 }), async (shape, ops) => {
        const e = await completedEstimate(shape);
        const lines = {
          services: e.services.map((l: { id: number; quantity: number; isGrouped: boolean }) => l),
          products: e.products.map((l: { id: number; quantity: number; isGrouped: boolean }) => l),
          equipments: e.equipments.map((l: { id: number }) => ({ id: l.id, quantity: 1, isGrouped: true })),
        };
        for (const op of ops) {
          const before = await assigned(e.id);
          if (op.kind === 'cancel' || op.kind === 'removeLine') {
            const open = before.orders.filter((o) => o.state !== InvoiceState.Canceled);
            if (!open.length) continue;
            const order = open[op.order % open.length]!;
            if (op.kind === 'cancel') {
              const res = await t.world.invoiceApi(
                'POST',
                `/${order.id}/cancel/${t.world.statusOf(InvoiceState.Canceled).id}`,
              );
              expect(res.statusCode).toBe(200);
            } else {
              const own = [
                ...before.services.filter((l) => l.invoiceId === order.id).map((l) => ['services', l.id] as const),
                ...before.products.filter((l) => l.invoiceId === order.id).map((l) => ['products', l.id] as const),
                ...before.equipments.filter((l) => l.invoiceId === order.id).map((l) => ['equipments', l.id] as const),
              ];
              if (!own.length) continue;
              const [kind, lineId] = own[op.line % own.length]!;
              expect((await t.world.invoiceApi('DELETE', `/${order.id}/${kind}/${lineId}`)).statusCode).toBe(204);
            }
          } else {
            // The model: what a correct server must accept, and what it must then hold.
            const taken = (section: 'services' | 'products' | 'equipments', id: number) => {
              const rows = before[section] as Array<{ quantity?: number } & Record<string, unknown>>;
              const key =
                section === 'services'
                  ? 'estimateServiceId'
                  : section === 'products'
                    ? 'estimateProductId'
                    : 'estimateEquipmentId';
              return rows.filter((r) => r[key] === id).reduce((n, r) => n + (r.quantity ?? 1), 0);
            };
            const body = {
              invoice: null as number | null,
              equipments: [] as number[],
              services: [] as object[],
              products: [] as object[],
            };
            const seen = new Set<string>();
            let valid = true;
            for (const p of op.picks) {
              const list = lines[p.section];
              if (!list.length) continue;
              const line = list[p.line % list.length]!;
              const key = `${p.section}:${line.id}`;
              if (seen.has(key)) continue;
              seen.add(key);
              const left = line.quantity - taken(p.section, line.id);
              if (p.section === 'equipments') {
                body.equipments.push(line.id);
                if (left < 1) valid = false;
              } else {
                const units = line.isGrouped ? line.quantity : p.units;
                (body[p.section] as object[]).push({ id: line.id, quantity: units });
                if (units > left) valid = false;
              }
            }
            if (!seen.size) continue;
            const openOrders = before.orders.filter(
              (o) => o.state !== InvoiceState.Canceled && o.state !== InvoiceState.Completed,
            );
            if (op.target > 0 && openOrders.length) {
              const target = openOrders[op.target % openOrders.length]!;
              body.invoice = target.id;
              const present = new Set(
                before.equipments.filter((l) => l.invoiceId === target.id).map((l) => l.equipmentId),
              );
              const wanted = await t.ctx.database.db
                .select({ equipmentId: schema.estimateEquipments.equipmentId })
                .from(schema.estimateEquipments)
                .where(inArray(schema.estimateEquipments.id, body.equipments.length ? body.equipments : [0]));
              if (wanted.some((x) => present.has(x.equipmentId))) valid = false;
            }
            const res = await generate(e.id, body);
            expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(valid ? 201 : 409);
            if (!valid) {
              const after = await assigned(e.id);
              expect(after.orders.length).toBe(before.orders.length);
              expect(after.services.length + after.products.length + after.equipments.length).toBe(
                before.services.length + before.products.length + before.equipments.length,
              );
            }
          }
          // Invariants after every step.
          const now = await assigned(e.id);
          const tab = await t.world.ok('GET', `/${e.id}/invoices`);
          for (const section of ['services', 'products'] as const) {
            const key = section === 'services' ? 'estimateServiceId' : 'estimateProductId';
            for (const line of lines[section]) {
              const rows = (now[section] as Array<Record<string, unknown> & { quantity: number }>).filter(
                (r) => r[key] === line.id,
              );
              const units = rows.reduce((n, r) => n + r.quantity, 0);
              expect(units).toBeLessThanOrEqual(line.quantity); // never assigned twice
              if (line.isGrouped) {
                expect(rows.length).toBeLessThanOrEqual(1);
                if (rows.length) expect(rows[0]!.quantity).toBe(line.quantity);
              } else {
                expect(rows.every((r) => r.quantity === 1)).toBe(true);
              }
              // Nothing lost: what is not on a live order is offered again, exactly.
              const offered = tab.remaining[section].find((r: { id: number }) => r.id === line.id);
              expect(offered?.remaining ?? 0).toBe(line.quantity - units);
            }
          }
          for (const line of lines.equipments) {
            const on = now.equipments.filter((r) => r.estimateEquipmentId === line.id).length;
            expect(on).toBeLessThanOrEqual(1);
            expect(tab.remaining.equipments.some((r: { id: number }) => r.id === line.id)).toBe(on === 0);
          }
          // Prices are the estimate's, and every order's subtotal is the sum of its lines.
          for (const order of now.orders) {
            const detail = (await t.world.invoiceApi('GET', `/${order.id}`)).json();
            const sum = [...detail.invoiceServices, ...detail.invoiceProducts].reduce(
              (n: number, l: { quantity: number; price: number }) => n + Math.round(l.quantity * l.price * 100),
              0,
            );
            expect(Math.round(detail.subTotal * 100)).toBe(sum);
          }
        }
      }),
      { numRuns: 12 },
    );
    // A dozen random estimates, each driven through several API calls: minutes on a loaded machine.
  }, 300_000);
});

describe("the approved estimate's discount, address and notes go with the orders", () => {
  /** Service R$ 180,00 × 3 (one unit a line), product R$ 35,90 × 4 (grouped), product R$ 120,00 × 1: R$ 803,60. */
  async function discounted(discount: number) {
    const e = await t.world.createEstimate();
    const service = await t.world.ok('POST', `/${e.id}/services`, {
      service: t.world.service.id,
      quantity: 3,
      isGrouped: false,
    });
    const grouped = await t.world.ok('POST', `/${e.id}/products`, {
      product: t.world.product.id,
      quantity: 4,
      isGrouped: true,
    });
    const single = await t.world.ok('POST', `/${e.id}/products`, {
      product: t.world.product2.id,
      quantity: 1,
      isGrouped: false,
    });
    const detail = await t.world.ok('POST', `/${e.id}/discount`, { discount });
    expect(detail).toMatchObject({ subTotal: 803.6, discount, total: Math.round((803.6 - discount) * 100) / 100 });
    await t.world.moveTo(e.id, EstimateStatus.Completed);
    return { ...e, service, grouped, single };
  }
  const orderOf = async (res: { statusCode: number; json(): { id: number } }) => {
    expect(res.statusCode).toBe(201);
    return (await t.world.invoiceApi('GET', `/${res.json().id}`)).json() as {
      id: number;
      subTotal: number;
      discount: number;
      total: number;
    };
  };
  const cents = (n: number) => Math.round(n * 100);

  it('one order: the order totals what the customer approved', async () => {
    const e = await discounted(38.05);
    const order = await orderOf(
      await generate(e.id, {
        invoice: null,
        services: [{ id: e.service.id, quantity: 3 }],
        products: [
          { id: e.grouped.id, quantity: 4 },
          { id: e.single.id, quantity: 1 },
        ],
      }),
    );
    expect(order).toMatchObject({ subTotal: 803.6, discount: 38.05, total: 765.55 });
    const audit = await t.ctx.database.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.entityId, order.id));
    expect(JSON.stringify(audit.map((a) => a.data))).toContain('"field":"discount"');
  });

  it('two orders: split in proportion to their subtotals, cents in the last, totals sum exactly', async () => {
    const e = await discounted(38.05);
    const a = await orderOf(await generate(e.id, { invoice: null, services: [{ id: e.service.id, quantity: 2 }] }));
    // 38,05 × 360,00 / 803,60 = 17,0458… → 17,05 now; the rest goes to the last order.
    expect(a).toMatchObject({ subTotal: 360, discount: 17.05, total: 342.95 });
    const b = await orderOf(
      await generate(e.id, {
        invoice: null,
        services: [{ id: e.service.id, quantity: 1 }],
        products: [
          { id: e.grouped.id, quantity: 4 },
          { id: e.single.id, quantity: 1 },
        ],
      }),
    );
    expect(b).toMatchObject({ subTotal: 443.6, discount: 21, total: 422.6 });
    expect(cents(a.total) + cents(b.total)).toBe(cents(765.55));
    // The first order was not touched by the second generation.
    expect((await t.world.invoiceApi('GET', `/${a.id}`)).json()).toMatchObject({ discount: 17.05 });
  });

  it('three orders, one filled in two steps and one with a discount changed by hand: totals sum exactly', async () => {
    const e = await discounted(100.01);
    const a = await orderOf(await generate(e.id, { invoice: null, services: [{ id: e.service.id, quantity: 1 }] }));
    const b = await orderOf(await generate(e.id, { invoice: null, products: [{ id: e.grouped.id, quantity: 4 }] }));
    // The office adds R$ 5,00 of its own to B's discount; later splits keep that.
    const own = await t.world.invoiceApi('POST', `/${b.id}/discount`, { discount: b.discount + 5 });
    expect(own.statusCode, own.body).toBeLessThan(300);
    // More of the estimate into A (an earlier order): A's share grows, B's shrinks by as much.
    await orderOf(await generate(e.id, { invoice: a.id, services: [{ id: e.service.id, quantity: 1 }] }));
    const c = await orderOf(
      await generate(e.id, {
        invoice: null,
        services: [{ id: e.service.id, quantity: 1 }],
        products: [{ id: e.single.id, quantity: 1 }],
      }),
    );
    const orders = await Promise.all(
      [a.id, b.id, c.id].map(async (id) => (await t.world.invoiceApi('GET', `/${id}`)).json()),
    );
    const subtotals = orders.map((o) => cents(o.subTotal));
    expect(subtotals.reduce((x, y) => x + y)).toBe(80360);
    // Each share follows its subtotal (within a cent), B keeps its extra R$ 5,00, and the estimate's
    // R$ 100,01 is all there.
    const shares = orders.map((o, k) => cents(o.discount) - (k === 1 ? 500 : 0));
    expect(shares.reduce((x, y) => x + y)).toBe(10001);
    for (const [k, share] of shares.entries())
      expect(Math.abs(share - (10001 * subtotals[k]!) / 80360)).toBeLessThanOrEqual(1);
    expect(orders.reduce((n, o) => n + cents(o.total), 0)).toBe(80360 - 10001 - 500);
  });

  it('a canceled order gives its share back to the next orders', async () => {
    const e = await discounted(38.05);
    const all = {
      invoice: null,
      services: [{ id: e.service.id, quantity: 3 }],
      products: [
        { id: e.grouped.id, quantity: 4 },
        { id: e.single.id, quantity: 1 },
      ],
    };
    const first = await orderOf(await generate(e.id, all));
    const cancel = await t.world.invoiceApi(
      'POST',
      `/${first.id}/cancel/${t.world.statusOf(InvoiceState.Canceled).id}`,
    );
    expect(cancel.statusCode).toBe(200);
    const again = await orderOf(await generate(e.id, all));
    expect(again).toMatchObject({ subTotal: 803.6, discount: 38.05, total: 765.55 });
  });

  it("a new order takes the customer's only address and the estimate's general notes, not its internal ones", async () => {
    const db = t.ctx.database.db;
    const organizationId = t.org.organization.id;
    const [single, several] = await db
      .insert(schema.customers)
      .values([
        { organizationId, type: 1, identifier: newCpf(), name: 'Cliente de um endereço' },
        { organizationId, type: 1, identifier: newCpf(), name: 'Cliente de dois endereços' },
      ])
      .returning();
    const [address] = await db
      .insert(schema.addresses)
      .values([
        { organizationId, customerId: single!.id, address: 'Rua das Flores', number: 10, city: 'Campinas' },
        { organizationId, customerId: several!.id, address: 'Rua A', number: 1 },
        { organizationId, customerId: several!.id, address: 'Rua B', number: 2 },
      ])
      .returning();
    for (const [customer, expected] of [
      [single!, address!.id],
      [several!, null],
    ] as const) {
      const e = await t.world.createEstimate(customer.id);
      const line = await t.world.ok('POST', `/${e.id}/services`, {
        service: t.world.service.id,
        quantity: 1,
        isGrouped: true,
      });
      await t.world.ok('POST', `/${e.id}/comments`, { comment: 'Levar escada de 6 m', type: 1 });
      await t.world.ok('POST', `/${e.id}/comments`, { comment: 'Margem apertada, não dar desconto', type: 2 });
      await t.world.moveTo(e.id, EstimateStatus.Completed);
      const res = await generate(e.id, { invoice: null, services: [{ id: line.id, quantity: 1 }] });
      expect(res.statusCode).toBe(201);
      const [order] = await db.select().from(schema.invoices).where(eq(schema.invoices.id, res.json().id));
      expect(order!.addressId).toBe(expected);
      const comments = await db
        .select()
        .from(schema.invoiceComments)
        .where(eq(schema.invoiceComments.invoiceId, order!.id));
      expect(comments.map((c) => [c.type, c.comment])).toEqual([[1, 'Levar escada de 6 m']]);
    }
  });
});

describe('splitDiscount', () => {
  it('gives the cents to the last order and sums exactly once everything is assigned', () => {
    expect(splitDiscount(3805, 80360, [36000, 44360])).toEqual([1705, 2100]);
    expect(splitDiscount(2, 3, [1, 1, 1])).toEqual([1, 0, 1]);
    expect(splitDiscount(0, 100, [50, 50])).toEqual([0, 0]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (bases, d) => {
          const total = bases.reduce((x, y) => x + y, 0);
          if (total === 0) return;
          const discount = d % (total + 1);
          const shares = splitDiscount(discount, total, bases);
          expect(shares.reduce((x, y) => x + y, 0)).toBe(discount);
          for (const [k, share] of shares.entries()) {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(bases[k]!);
          }
        },
      ),
    );
  });
});

describe('measured products (kg, m, l…)', () => {
  it('go to one order whole, with their unit; a part of one is refused', async () => {
    const [gas] = await t.ctx.database.db
      .insert(schema.products)
      .values({ organizationId: t.org.organization.id, name: 'Gás R22 (kg)', priceCents: 7950, unit: 'kg' })
      .returning();
    const e = await t.world.createEstimate();
    const line = await t.world.ok('POST', `/${e.id}/products`, { product: gas!.id, quantity: 1.5, isGrouped: false });
    await t.world.moveTo(e.id, EstimateStatus.Completed);
    const tab = await t.world.ok('GET', `/${e.id}/invoices`);
    expect(tab.remaining.products).toEqual([
      expect.objectContaining({ id: line.id, quantity: 1.5, remaining: 1.5, isGrouped: true }),
    ]);
    for (const quantity of [1, 0.5]) {
      const part = await generate(e.id, { invoice: null, products: [{ id: line.id, quantity }] });
      expect(part.statusCode).toBe(422);
    }
    const res = await generate(e.id, { invoice: null, products: [{ id: line.id, quantity: 1.5 }] });
    expect(res.statusCode).toBe(201);
    const order = (await t.world.invoiceApi('GET', `/${res.json().id}`)).json();
    expect(order.invoiceProducts).toEqual([expect.objectContaining({ quantity: 1.5, unit: 'kg' })]);
    expect(order.subTotal).toBe(119.25);
  });
});
