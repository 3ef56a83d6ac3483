import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { InvoiceState } from '@oficina/contracts';
import { schema } from '@oficina/db';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { allKeys, invoiceWorld, type InvoiceWorld } from '../../../test/invoice-fixtures.ts';

// Services, products, equipment and workers on an order: copies from the catalogue, subtotal,
// pickers, closed orders, collaborators, 422 per field and the audit trail.
let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let world: InvoiceWorld;
let theirs: InvoiceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrg(ctx);
  other = await createOrg(ctx);
  world = await invoiceWorld(ctx, org);
  theirs = await invoiceWorld(ctx, other);
});
afterAll(() => ctx.close());

describe('services and products', () => {
  it('copies name and price from the catalogue and keeps them when the catalogue changes', async () => {
    const { id } = await world.createInvoice();
    const added = await world.admin('POST', `/${id}/services`, {
      service: world.service.id,
      quantity: 2,
      description: '  Sala de reuniões ',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      serviceId: world.service.id,
      name: 'Limpeza de split',
      price: 180,
      quantity: 2,
      description: 'Sala de reuniões',
    });
    const product = await world.admin('POST', `/${id}/products`, { product: world.product.id, quantity: 1 });
    expect(product.json()).toMatchObject({ productId: world.product.id, name: 'Filtro de ar', price: 35.9 });

    await ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${org.organization.id}/services/${world.service.id}`,
      headers: org.as(org.admin.token),
      payload: { name: 'Limpeza completa', price: 999 },
    });
    const d = (await world.admin('GET', `/${id}`)).json();
    expect(d.invoiceServices[0]).toMatchObject({ name: 'Limpeza de split', price: 180 });
    expect(d).toMatchObject({ subTotal: 395.9, discount: 0, total: 395.9 });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${org.organization.id}/services/${world.service.id}`,
      headers: org.as(org.admin.token),
      payload: { name: 'Limpeza de split', price: 180 },
    });
  });

  it('the same service may be on an order twice; removal takes the line id and recomputes the subtotal', async () => {
    const { id } = await world.createInvoice();
    const first = (await world.admin('POST', `/${id}/services`, { service: world.service.id, quantity: 1 })).json();
    const second = (await world.admin('POST', `/${id}/services`, { service: world.service.id, quantity: 3 })).json();
    expect((await world.admin('GET', `/${id}`)).json().subTotal).toBe(720);
    const del = await world.admin('DELETE', `/${id}/services/${first.id}`);
    expect(del.statusCode).toBe(204);
    const d = (await world.admin('GET', `/${id}`)).json();
    expect(d.invoiceServices.map((l: { id: number }) => l.id)).toEqual([second.id]);
    expect(d.subTotal).toBe(540);
    expect((await world.admin('DELETE', `/${id}/services/${first.id}`)).statusCode).toBe(404);
  });

  it('lowers a discount above the new subtotal when a line goes', async () => {
    const { id } = await world.createInvoice();
    const line = (await world.admin('POST', `/${id}/services`, { service: world.service.id, quantity: 1 })).json();
    const p = (await world.admin('POST', `/${id}/products`, { product: world.product.id, quantity: 1 })).json();
    await world.moveTo(id, InvoiceState.Wip);
    expect((await world.admin('POST', `/${id}/discount`, { discount: 100 })).json().total).toBe(115.9);
    await world.admin('DELETE', `/${id}/services/${line.id}`);
    expect((await world.admin('GET', `/${id}`)).json()).toMatchObject({ subTotal: 35.9, discount: 35.9, total: 0 });
    const trail = (await world.auditOf(id)).filter((a) => a.action !== 'view').at(-1)!;
    expect(trail.action).toBe('delete');
    expect(trail.data).toEqual([
      { field: 'services', before: { name: 'Limpeza de split', quantity: 1, price: 180 }, after: null },
      { field: 'subTotal', before: 215.9, after: 35.9 },
      { field: 'discount', before: 100, after: 35.9 },
    ]);
    await world.admin('DELETE', `/${id}/products/${p.id}`);
    expect((await world.admin('GET', `/${id}`)).json()).toMatchObject({ subTotal: 0, discount: 0, total: 0 });
  });

  it('422 per field: missing, archived or foreign service; product; quantity not a positive integer', async () => {
    const { id } = await world.createInvoice();
    const cases: Array<[string, object, Record<string, string[]>]> = [
      ['/services', {}, { service: ['Selecione o serviço'], quantity: ['Informe a quantidade'] }],
      [
        '/services',
        { service: world.archivedService.id, quantity: 1 },
        { service: ['Serviço não encontrado ou excluído'] },
      ],
      ['/services', { service: theirs.service.id, quantity: 1 }, { service: ['Serviço não encontrado ou excluído'] }],
      ['/services', { service: world.service.id, quantity: 0 }, { quantity: ['A quantidade mínima é 1'] }],
      [
        '/services',
        { service: world.service.id, quantity: 1.5 },
        { quantity: ['A quantidade deve ser um número inteiro'] },
      ],
      ['/products', { quantity: 1 }, { product: ['Selecione o produto'] }],
      ['/products', { product: theirs.product.id, quantity: 1 }, { product: ['Produto não encontrado'] }],
      ['/products', { product: world.product.id, quantity: -2 }, { quantity: ['A quantidade mínima é 1'] }],
    ];
    for (const [path, payload, errors] of cases) {
      const res = await world.admin('POST', `/${id}${path}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect((await world.admin('GET', `/${id}`)).json()).toMatchObject({
      invoiceServices: [],
      invoiceProducts: [],
      subTotal: 0,
    });
  });

  it('refuses a total beyond what an order can hold', async () => {
    const [big] = await ctx.database.db
      .insert(schema.services)
      .values({ organizationId: org.organization.id, name: 'Obra grande', priceCents: 1_999_999_999 })
      .returning();
    const { id } = await world.createInvoice();
    const res = await world.admin('POST', `/${id}/services`, { service: big!.id, quantity: 100_000 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ quantity: ['O valor total da ordem de serviço ficaria acima do permitido'] });
    expect((await world.admin('GET', `/${id}`)).json().invoiceServices).toEqual([]);
  });

  it('an order holds up to R$ 99.999.999,99 exactly; one cent more is refused', async () => {
    const [big] = await ctx.database.db
      .insert(schema.services)
      .values({ organizationId: org.organization.id, name: 'Obra de 99 milhões', priceCents: 9_999_999_999 })
      .returning();
    const [cent] = await ctx.database.db
      .insert(schema.products)
      .values({ organizationId: org.organization.id, name: 'Parafuso', priceCents: 1 })
      .returning();
    const { id } = await world.createInvoice();
    expect((await world.admin('POST', `/${id}/services`, { service: big!.id, quantity: 1 })).statusCode).toBe(201);
    const d = (await world.admin('GET', `/${id}`)).json();
    expect(d).toMatchObject({ subTotal: 99_999_999.99, total: 99_999_999.99 });
    expect(d.invoiceServices[0]).toMatchObject({ price: 99_999_999.99 });
    const more = await world.admin('POST', `/${id}/products`, { product: cent!.id, quantity: 1 });
    expect(more.statusCode).toBe(422);
    expect((await world.admin('GET', `/${id}`)).json()).toMatchObject({ subTotal: 99_999_999.99, invoiceProducts: [] });
  });

  it('services/available: not archived, searchable, paginated; products/available likewise', async () => {
    const { id } = await world.createInvoice();
    const all = (await world.admin('GET', `/${id}/services/available?take=100`)).json();
    const names = all.data.map((s: { name: string }) => s.name);
    expect(names).toContain('Limpeza de split');
    expect(names).not.toContain('Serviço antigo');
    expect(all.meta.total).toBe(all.data.length);
    const q = (await world.admin('GET', `/${id}/services/available?q=LIMPEZA`)).json();
    expect(q.data).toEqual([{ id: world.service.id, name: 'Limpeza de split', price: 180 }]);
    const paged = (await world.admin('GET', `/${id}/services/available?take=1&skip=1`)).json();
    expect(paged.meta).toEqual({ total: all.meta.total, skip: 1, take: 1 });
    const products = (await world.admin('GET', `/${id}/products/available?q=filtro`)).json();
    expect(products.data).toEqual([{ id: world.product.id, name: 'Filtro de ar', price: 35.9, unit: 'un' }]);
  });
});

describe('equipment', () => {
  it("only the order's customer's equipment, once; available lists what is not on the order yet", async () => {
    const { id } = await world.createInvoice();
    const avail = (await world.worker('GET', `/${id}/equipments/available`)).statusCode;
    expect(avail).toBe(404); // not their order yet
    await world.assignWorker(id);
    const before = (await world.worker('GET', `/${id}/equipments/available`)).json();
    expect(before.data.map((e: { id: number }) => e.id).sort()).toEqual(
      [world.equipment.id, world.equipment2.id].sort(),
    );
    expect(before.data.find((e: { id: number }) => e.id === world.equipment.id).hint).toBe('LG S4 · N/S SN-1');

    const added = await world.worker('POST', `/${id}/equipments`, { equipment: world.equipment.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      equipmentId: world.equipment.id,
      name: 'Split 12k',
      brand: 'LG',
      model: 'S4',
      serialNumber: 'SN-1',
    });
    const after = (await world.worker('GET', `/${id}/equipments/available?q=camara`)).json();
    expect(after.data.map((e: { id: number }) => e.id)).toEqual([world.equipment2.id]);
    expect((await world.worker('GET', `/${id}/equipments/available`)).json().meta.total).toBe(1);

    const dup = await world.worker('POST', `/${id}/equipments`, { equipment: world.equipment.id });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ equipment: ['Este equipamento já está na ordem de serviço'] });
    for (const equipment of [world.otherEquipment.id, theirs.equipment.id]) {
      const res = await world.worker('POST', `/${id}/equipments`, { equipment });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ equipment: ['O equipamento não pertence ao cliente da ordem de serviço'] });
    }
    expect((await world.worker('POST', `/${id}/equipments`, {})).json().errors).toEqual({
      equipment: ['Selecione o equipamento'],
    });

    const del = await world.worker('DELETE', `/${id}/equipments/${added.json().id}`);
    expect(del.statusCode).toBe(204);
    expect((await world.worker('GET', `/${id}`)).json().invoiceEquipments).toEqual([]);
  });

  it('keeps the copy on the order when the equipment is later deleted from the customer', async () => {
    const [eq1] = await ctx.database.db
      .insert(schema.equipments)
      .values({
        organizationId: org.organization.id,
        customerId: world.customer.id,
        name: 'Velho',
        brand: 'B',
        model: 'M',
        serialNumber: 'S',
      })
      .returning();
    const { id } = await world.createInvoice();
    await world.admin('POST', `/${id}/equipments`, { equipment: eq1!.id });
    await ctx.database.db.delete(schema.equipments).where(eq(schema.equipments.id, eq1!.id));
    const d = (await world.admin('GET', `/${id}`)).json();
    expect(d.invoiceEquipments).toEqual([
      expect.objectContaining({ equipmentId: null, name: 'Velho', serialNumber: 'S' }),
    ]);
  });
});

describe('workers', () => {
  it('active users of the organization, once; available lists the others', async () => {
    const { id } = await world.createInvoice();
    const inactive = await world.newUser({ isActive: false });
    const extra = await world.newUser();
    const avail = (await world.admin('GET', `/${id}/workers/available?take=100`)).json();
    const ids = avail.data.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([org.admin.id, org.worker.id, extra.id]));
    expect(ids).not.toContain(inactive.id);
    expect(avail.data.find((u: { id: number }) => u.id === extra.id).hint).toBe(extra.email);

    const added = await world.admin('POST', `/${id}/workers`, { worker: extra.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ workerId: extra.id, name: extra.name, paidAt: null });
    const after = (await world.admin('GET', `/${id}/workers/available?take=100`)).json();
    expect(after.data.map((u: { id: number }) => u.id)).not.toContain(extra.id);
    expect(after.meta.total).toBe(avail.meta.total - 1);

    const cases: Array<[object, string]> = [
      [{ worker: extra.id }, 'Este colaborador já está na ordem de serviço'],
      [{ worker: inactive.id }, 'Colaborador não encontrado ou inativo'],
      [{ worker: other.worker.id }, 'Colaborador não encontrado ou inativo'],
      [{}, 'Selecione o colaborador'],
    ];
    for (const [payload, message] of cases) {
      const res = await world.admin('POST', `/${id}/workers`, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ worker: [message] });
    }
    expect((await world.admin('DELETE', `/${id}/workers/${added.json().id}`)).statusCode).toBe(204);
    expect((await world.admin('GET', `/${id}`)).json().invoiceWorkers).toEqual([]);
  });

  it('removing a worker takes their access to the order away; a paid worker line stays', async () => {
    const { id } = await world.createInvoice();
    const line = await world.assignWorker(id);
    expect((await world.worker('GET', `/${id}`)).statusCode).toBe(200);
    await world.admin('DELETE', `/${id}/workers/${line.id}`);
    expect((await world.worker('GET', `/${id}`)).statusCode).toBe(404);

    const paid = await world.assignWorker(id);
    await ctx.database.db
      .update(schema.invoiceWorkers)
      .set({ paidAt: new Date() })
      .where(eq(schema.invoiceWorkers.id, paid.id));
    const res = await world.admin('DELETE', `/${id}/workers/${paid.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      'Este colaborador já foi pago por esta ordem de serviço e não pode ser removido',
    ]);
  });
});

describe('closed orders and other orders', () => {
  for (const state of [InvoiceState.Canceled, InvoiceState.Completed]) {
    it(`${state === InvoiceState.Canceled ? 'Canceled' : 'Completed'}: every add and remove is a 409, for admins and collaborators`, async () => {
      const { id } = await world.createInvoice();
      const worker = await world.assignWorker(id);
      const s = (await world.admin('POST', `/${id}/services`, { service: world.service.id, quantity: 1 })).json();
      const p = (await world.admin('POST', `/${id}/products`, { product: world.product.id, quantity: 1 })).json();
      const e = (await world.admin('POST', `/${id}/equipments`, { equipment: world.equipment.id })).json();
      await world.moveTo(id, state);
      const before = (await world.admin('GET', `/${id}`)).json();
      const calls: Array<['admin' | 'worker', 'POST' | 'DELETE', string, object?]> = [
        ['admin', 'POST', '/services', { service: world.service.id, quantity: 1 }],
        ['admin', 'POST', '/products', { product: world.product.id, quantity: 1 }],
        ['admin', 'POST', '/equipments', { equipment: world.equipment2.id }],
        ['worker', 'POST', '/equipments', { equipment: world.equipment2.id }],
        ['admin', 'POST', '/workers', { worker: org.admin.id }],
        ['admin', 'DELETE', `/services/${s.id}`],
        ['admin', 'DELETE', `/products/${p.id}`],
        ['admin', 'DELETE', `/equipments/${e.id}`],
        ['worker', 'DELETE', `/equipments/${e.id}`],
        ['admin', 'DELETE', `/workers/${worker.id}`],
      ];
      for (const [who, method, path, payload] of calls) {
        const res = await world[who](method, `/${id}${path}`, payload);
        expect(res.statusCode, `${who} ${method} ${path}`).toBe(409);
        expect(res.json().errors).toEqual(['Ordens de serviço canceladas ou concluídas não podem ser alteradas']);
      }
      const after = (await world.admin('GET', `/${id}`)).json();
      expect(after.invoiceServices).toEqual(before.invoiceServices);
      expect(after.invoiceEquipments).toEqual(before.invoiceEquipments);
      expect(after.invoiceWorkers).toEqual(before.invoiceWorkers);
      expect(after.subTotal).toBe(before.subTotal);
    });
  }

  it('a line of another order or organization is a 404 and stays', async () => {
    const a = await world.createInvoice();
    const b = await world.createInvoice();
    const line = (await world.admin('POST', `/${a.id}/services`, { service: world.service.id, quantity: 1 })).json();
    expect((await world.admin('DELETE', `/${b.id}/services/${line.id}`)).statusCode).toBe(404);
    const t = await theirs.createInvoice();
    const theirLine = (
      await theirs.admin('POST', `/${t.id}/products`, { product: theirs.product.id, quantity: 1 })
    ).json();
    expect((await world.admin('DELETE', `/${a.id}/products/${theirLine.id}`)).statusCode).toBe(404);
    expect((await theirs.admin('GET', `/${t.id}`)).json().invoiceProducts).toHaveLength(1);
    expect((await world.admin('GET', `/${a.id}`)).json().invoiceServices).toHaveLength(1);
  });

  it('nothing a collaborator can get from any route of their order holds a price', async () => {
    const { id } = await world.createInvoice();
    await world.assignWorker(id);
    await world.admin('POST', `/${id}/services`, { service: world.service.id, quantity: 1 });
    await world.admin('POST', `/${id}/products`, { product: world.product.id, quantity: 1 });
    await world.moveTo(id, InvoiceState.Wip);
    await world.admin('POST', `/${id}/discount`, { discount: 10 });
    await world.admin('POST', `/${id}/info`, { invoiceInfo1: 'PC-9', payrollBonus: 20 });
    await world.admin('POST', `/${id}/pay`, { date: '2026-03-02', description: 'PIX' });
    const responses = [
      await world.worker('GET', '/filter'),
      await world.worker('GET', `/${id}`),
      await world.worker('GET', `/${id}/allowed-changes`),
      await world.worker('GET', `/${id}/equipments/available`),
      await world.worker('POST', `/${id}/equipments`, { equipment: world.equipment.id }),
      await world.worker('GET', `/${id}/comments/type/1`),
      await world.worker('GET', `/${id}/comments/type/2`),
      await world.worker('POST', `/${id}/comments`, { comment: 'Troquei o filtro', type: 2 }),
      await world.worker('POST', `/${id}/todo`),
      await world.worker('POST', `/${id}/start`),
      await world.worker('POST', `/${id}/block/${world.statusOf(InvoiceState.Blocked).id}`),
      await world.worker('POST', `/${id}/start`),
      await world.worker('POST', `/${id}/complete`),
    ];
    const forbiddenKeys = [
      'price',
      'subTotal',
      'discount',
      'total',
      'payrollBonus',
      'paymentDate',
      'paymentDescription',
      'isPayingJustTheHalf',
      'invoiceInfo1',
      'invoiceInfo2',
    ];
    for (const res of responses) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      const body = res.json();
      const keys = allKeys('meta' in body ? body.data : body);
      for (const k of forbiddenKeys) expect(keys.has(k), `${k} in ${res.body.slice(0, 200)}`).toBe(false);
      expect(res.body).not.toMatch(/R\$/);
    }
  });
});
