import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { allKeys, invoiceWorld, priceKeys } from '../../../test/invoice-fixtures.ts';

// Services, products, equipment and workers on an order: copies from the catalogue, subtotal,
// pickers, closed orders, collaborators, 422 per field and the audit trail.
const t = perFile({ other: true, world: invoiceWorld });

describe('services and products', () => {
  it('copies name and price from the catalogue and keeps them when the catalogue changes', async () => {
    const { id } = await t.world.createInvoice();
    const added = await t.world.admin('POST', `/${id}/services`, {
      service: t.world.service.id,
      quantity: 2,
      description: '  Sala de reuniões ',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      serviceId: t.world.service.id,
      name: 'Limpeza de split',
      price: 180,
      quantity: 2,
      description: 'Sala de reuniões',
    });
    const product = await t.world.admin('POST', `/${id}/products`, { product: t.world.product.id, quantity: 1 });
    expect(product.json()).toMatchObject({ productId: t.world.product.id, name: 'Filtro de ar', price: 35.9 });

    await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${t.org.organization.id}/services/${t.world.service.id}`,
      headers: t.org.as(t.org.admin.token),
      payload: { name: 'Limpeza completa', price: 999 },
    });
    const d = (await t.world.admin('GET', `/${id}`)).json();
    expect(d.invoiceServices[0]).toMatchObject({ name: 'Limpeza de split', price: 180 });
    expect(d).toMatchObject({ subTotal: 395.9, discount: 0, total: 395.9 });
    await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${t.org.organization.id}/services/${t.world.service.id}`,
      headers: t.org.as(t.org.admin.token),
      payload: { name: 'Limpeza de split', price: 180 },
    });
  });

  it('the same service may be on an order twice; removal takes the line id and recomputes the subtotal', async () => {
    const { id } = await t.world.createInvoice();
    const first = (await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 })).json();
    const second = (
      await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 3 })
    ).json();
    expect((await t.world.admin('GET', `/${id}`)).json().subTotal).toBe(720);
    const del = await t.world.admin('DELETE', `/${id}/services/${first.id}`);
    expect(del.statusCode).toBe(204);
    const d = (await t.world.admin('GET', `/${id}`)).json();
    expect(d.invoiceServices.map((l: { id: number }) => l.id)).toEqual([second.id]);
    expect(d.subTotal).toBe(540);
    expect((await t.world.admin('DELETE', `/${id}/services/${first.id}`)).statusCode).toBe(404);
  });

  it('lowers a discount above the new subtotal when a line goes', async () => {
    const { id } = await t.world.createInvoice();
    const line = (await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 })).json();
    const p = (await t.world.admin('POST', `/${id}/products`, { product: t.world.product.id, quantity: 1 })).json();
    await t.world.moveTo(id, InvoiceState.Wip);
    expect((await t.world.admin('POST', `/${id}/discount`, { discount: 100 })).json().total).toBe(115.9);
    await t.world.admin('DELETE', `/${id}/services/${line.id}`);
    expect((await t.world.admin('GET', `/${id}`)).json()).toMatchObject({ subTotal: 35.9, discount: 35.9, total: 0 });
    const trail = (await t.world.auditOf(id)).filter((a) => a.action !== 'view').at(-1)!;
    expect(trail.action).toBe('delete');
    expect(trail.data).toEqual([
      { field: 'services', before: { name: 'Limpeza de split', quantity: 1, price: 180 }, after: null },
      { field: 'subTotal', before: 215.9, after: 35.9 },
      { field: 'discount', before: 100, after: 35.9 },
    ]);
    await t.world.admin('DELETE', `/${id}/products/${p.id}`);
    expect((await t.world.admin('GET', `/${id}`)).json()).toMatchObject({ subTotal: 0, discount: 0, total: 0 });
  });

  it('422 per field: missing, archived or foreign service; product; quantity not a positive integer', async () => {
    const { id } = await t.world.createInvoice();
    const cases: Array<[string, object, Record<string, string[]>]> = [
      ['/services', {}, { service: ['Selecione o serviço'], quantity: ['Informe a quantidade'] }],
      [
        '/services',
        { service: t.world.archivedService.id, quantity: 1 },
        { service: ['Serviço não encontrado ou excluído'] },
      ],
      ['/services', { service: t.theirs.service.id, quantity: 1 }, { service: ['Serviço não encontrado ou excluído'] }],
      ['/services', { service: t.world.service.id, quantity: 0 }, { quantity: ['A quantidade mínima é 1'] }],
      [
        '/services',
        { service: t.world.service.id, quantity: 1.5 },
        { quantity: ['A quantidade deve ser um número inteiro'] },
      ],
      ['/products', { quantity: 1 }, { product: ['Selecione o produto'] }],
      ['/products', { product: t.theirs.product.id, quantity: 1 }, { product: ['Produto não encontrado'] }],
      ['/products', { product: t.world.product.id, quantity: -2 }, { quantity: ['A quantidade mínima é 1'] }],
    ];
    for (const [path, payload, errors] of cases) {
      const res = await t.world.admin('POST', `/${id}${path}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect((await t.world.admin('GET', `/${id}`)).json()).toMatchObject({
      invoiceServices: [],
      invoiceProducts: [],
      subTotal: 0,
    });
  });

  it('refuses a total beyond what an order can hold', async () => {
    const [big] = await t.ctx.database.db
      .insert(schema.services)
      .values({ organizationId: t.org.organization.id, name: 'Obra grande', priceCents: 1_999_999_999 })
      .returning();
    const { id } = await t.world.createInvoice();
    const res = await t.world.admin('POST', `/${id}/services`, { service: big!.id, quantity: 100_000 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ quantity: ['O valor total da ordem de serviço ficaria acima do permitido'] });
    expect((await t.world.admin('GET', `/${id}`)).json().invoiceServices).toEqual([]);
  });

  it('an order holds up to R$ 99.999.999,99 exactly; one cent more is refused', async () => {
    const [big] = await t.ctx.database.db
      .insert(schema.services)
      .values({ organizationId: t.org.organization.id, name: 'Obra de 99 milhões', priceCents: 9_999_999_999 })
      .returning();
    const [cent] = await t.ctx.database.db
      .insert(schema.products)
      .values({ organizationId: t.org.organization.id, name: 'Parafuso', priceCents: 1 })
      .returning();
    const { id } = await t.world.createInvoice();
    expect((await t.world.admin('POST', `/${id}/services`, { service: big!.id, quantity: 1 })).statusCode).toBe(201);
    const d = (await t.world.admin('GET', `/${id}`)).json();
    expect(d).toMatchObject({ subTotal: 99_999_999.99, total: 99_999_999.99 });
    expect(d.invoiceServices[0]).toMatchObject({ price: 99_999_999.99 });
    const more = await t.world.admin('POST', `/${id}/products`, { product: cent!.id, quantity: 1 });
    expect(more.statusCode).toBe(422);
    expect((await t.world.admin('GET', `/${id}`)).json()).toMatchObject({
      subTotal: 99_999_999.99,
      invoiceProducts: [],
    });
  });

  it('services/available: not archived, searchable, paginated; products/available likewise', async () => {
    const { id } = await t.world.createInvoice();
    const all = (await t.world.admin('GET', `/${id}/services/available?take=100`)).json();
    const names = all.data.map((s: { name: string }) => s.name);
    expect(names).toContain('Limpeza de split');
    expect(names).not.toContain('Serviço antigo');
    expect(all.meta.total).toBe(all.data.length);
    const q = (await t.world.admin('GET', `/${id}/services/available?q=LIMPEZA`)).json();
    expect(q.data).toEqual([{ id: t.world.service.id, name: 'Limpeza de split', price: 180 }]);
    const paged = (await t.world.admin('GET', `/${id}/services/available?take=1&skip=1`)).json();
    expect(paged.meta).toEqual({ total: all.meta.total, skip: 1, take: 1 });
    const products = (await t.world.admin('GET', `/${id}/products/available?q=filtro`)).json();
    expect(products.data).toEqual([{ id: t.world.product.id, name: 'Filtro de ar', price: 35.9, unit: 'un' }]);
  });
});

describe('equipment', () => {
  it("only the order's customer's equipment, once; available lists what is not on the order yet", async () => {
    const { id } = await t.world.createInvoice();
    const avail = (await t.world.worker('GET', `/${id}/equipments/available`)).statusCode;
    expect(avail).toBe(404); // not their order yet
    await t.world.assignWorker(id);
    const before = (await t.world.worker('GET', `/${id}/equipments/available`)).json();
    expect(before.data.map((e: { id: number }) => e.id).sort()).toEqual(
      [t.world.equipment.id, t.world.equipment2.id].sort(),
    );
    expect(before.data.find((e: { id: number }) => e.id === t.world.equipment.id).hint).toBe('LG S4 · N/S SN-1');

    const added = await t.world.worker('POST', `/${id}/equipments`, { equipment: t.world.equipment.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      equipmentId: t.world.equipment.id,
      name: 'Split 12k',
      brand: 'LG',
      model: 'S4',
      serialNumber: 'SN-1',
    });
    const after = (await t.world.worker('GET', `/${id}/equipments/available?q=camara`)).json();
    expect(after.data.map((e: { id: number }) => e.id)).toEqual([t.world.equipment2.id]);
    expect((await t.world.worker('GET', `/${id}/equipments/available`)).json().meta.total).toBe(1);

    const dup = await t.world.worker('POST', `/${id}/equipments`, { equipment: t.world.equipment.id });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ equipment: ['Este equipamento já está na ordem de serviço'] });
    for (const equipment of [t.world.otherEquipment.id, t.theirs.equipment.id]) {
      const res = await t.world.worker('POST', `/${id}/equipments`, { equipment });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ equipment: ['O equipamento não pertence ao cliente da ordem de serviço'] });
    }
    expect((await t.world.worker('POST', `/${id}/equipments`, {})).json().errors).toEqual({
      equipment: ['Selecione o equipamento'],
    });

    const del = await t.world.worker('DELETE', `/${id}/equipments/${added.json().id}`);
    expect(del.statusCode).toBe(204);
    expect((await t.world.worker('GET', `/${id}`)).json().invoiceEquipments).toEqual([]);
  });

  it('keeps the copy on the order when the equipment is later deleted from the customer', async () => {
    const [eq1] = await t.ctx.database.db
      .insert(schema.equipments)
      .values({
        organizationId: t.org.organization.id,
        customerId: t.world.customer.id,
        name: 'Velho',
        brand: 'B',
        model: 'M',
        serialNumber: 'S',
      })
      .returning();
    const { id } = await t.world.createInvoice();
    await t.world.admin('POST', `/${id}/equipments`, { equipment: eq1!.id });
    await t.ctx.database.db.delete(schema.equipments).where(eq(schema.equipments.id, eq1!.id));
    const d = (await t.world.admin('GET', `/${id}`)).json();
    expect(d.invoiceEquipments).toEqual([
      expect.objectContaining({ equipmentId: null, name: 'Velho', serialNumber: 'S' }),
    ]);
  });
});

describe('workers', () => {
  it('active users of the organization, once; available lists the others', async () => {
    const { id } = await t.world.createInvoice();
    const inactive = await t.world.newUser({ isActive: false });
    const extra = await t.world.newUser();
    const avail = (await t.world.admin('GET', `/${id}/workers/available?take=100`)).json();
    const ids = avail.data.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([t.org.admin.id, t.org.worker.id, extra.id]));
    expect(ids).not.toContain(inactive.id);
    expect(avail.data.find((u: { id: number }) => u.id === extra.id).hint).toBe(extra.email);

    const added = await t.world.admin('POST', `/${id}/workers`, { worker: extra.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ workerId: extra.id, name: extra.name, paidAt: null });
    const after = (await t.world.admin('GET', `/${id}/workers/available?take=100`)).json();
    expect(after.data.map((u: { id: number }) => u.id)).not.toContain(extra.id);
    expect(after.meta.total).toBe(avail.meta.total - 1);

    const cases: Array<[object, string]> = [
      [{ worker: extra.id }, 'Este colaborador já está na ordem de serviço'],
      [{ worker: inactive.id }, 'Colaborador não encontrado ou inativo'],
      [{ worker: t.other.worker.id }, 'Colaborador não encontrado ou inativo'],
      [{}, 'Selecione o colaborador'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.world.admin('POST', `/${id}/workers`, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ worker: [message] });
    }
    expect((await t.world.admin('DELETE', `/${id}/workers/${added.json().id}`)).statusCode).toBe(204);
    expect((await t.world.admin('GET', `/${id}`)).json().invoiceWorkers).toEqual([]);
  });

  it('removing a worker takes their access to the order away; a paid worker line stays', async () => {
    const { id } = await t.world.createInvoice();
    const line = await t.world.assignWorker(id);
    expect((await t.world.worker('GET', `/${id}`)).statusCode).toBe(200);
    await t.world.admin('DELETE', `/${id}/workers/${line.id}`);
    expect((await t.world.worker('GET', `/${id}`)).statusCode).toBe(404);

    const paid = await t.world.assignWorker(id);
    await t.ctx.database.db
      .update(schema.invoiceWorkers)
      .set({ paidAt: new Date() })
      .where(eq(schema.invoiceWorkers.id, paid.id));
    const res = await t.world.admin('DELETE', `/${id}/workers/${paid.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      'Este colaborador já foi pago por esta ordem de serviço e não pode ser removido',
    ]);
  });
});

describe('closed orders and other orders', () => {
  for (const state of [InvoiceState.Canceled, InvoiceState.Completed]) {
    it(`${state === InvoiceState.Canceled ? 'Canceled' : 'Completed'}: every add and remove is a 409, for admins and collaborators`, async () => {
      const { id } = await t.world.createInvoice();
      const worker = await t.world.assignWorker(id);
      const s = (await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 })).json();
      const p = (await t.world.admin('POST', `/${id}/products`, { product: t.world.product.id, quantity: 1 })).json();
      const e = (await t.world.admin('POST', `/${id}/equipments`, { equipment: t.world.equipment.id })).json();
      await t.world.moveTo(id, state);
      const before = (await t.world.admin('GET', `/${id}`)).json();
      const calls: Array<['admin' | 'worker', 'POST' | 'DELETE', string, object?]> = [
        ['admin', 'POST', '/services', { service: t.world.service.id, quantity: 1 }],
        ['admin', 'POST', '/products', { product: t.world.product.id, quantity: 1 }],
        ['admin', 'POST', '/equipments', { equipment: t.world.equipment2.id }],
        ['worker', 'POST', '/equipments', { equipment: t.world.equipment2.id }],
        ['admin', 'POST', '/workers', { worker: t.org.admin.id }],
        ['admin', 'DELETE', `/services/${s.id}`],
        ['admin', 'DELETE', `/products/${p.id}`],
        ['admin', 'DELETE', `/equipments/${e.id}`],
        ['worker', 'DELETE', `/equipments/${e.id}`],
        ['admin', 'DELETE', `/workers/${worker.id}`],
      ];
      for (const [who, method, path, payload] of calls) {
        const res = await t.world[who](method, `/${id}${path}`, payload);
        expect(res.statusCode, `${who} ${method} ${path}`).toBe(409);
        expect(res.json().errors).toEqual(['Ordens de serviço canceladas ou concluídas não podem ser alteradas']);
      }
      const after = (await t.world.admin('GET', `/${id}`)).json();
      expect(after.invoiceServices).toEqual(before.invoiceServices);
      expect(after.invoiceEquipments).toEqual(before.invoiceEquipments);
      expect(after.invoiceWorkers).toEqual(before.invoiceWorkers);
      expect(after.subTotal).toBe(before.subTotal);
    });
  }

  it('a line of another order or organization is a 404 and stays', async () => {
    const a = await t.world.createInvoice();
    const b = await t.world.createInvoice();
    const line = (
      await t.world.admin('POST', `/${a.id}/services`, { service: t.world.service.id, quantity: 1 })
    ).json();
    expect((await t.world.admin('DELETE', `/${b.id}/services/${line.id}`)).statusCode).toBe(404);
    const theirOrder = await t.theirs.createInvoice();
    const theirLine = (
      await t.theirs.admin('POST', `/${theirOrder.id}/products`, { product: t.theirs.product.id, quantity: 1 })
    ).json();
    expect((await t.world.admin('DELETE', `/${a.id}/products/${theirLine.id}`)).statusCode).toBe(404);
    expect((await t.theirs.admin('GET', `/${theirOrder.id}`)).json().invoiceProducts).toHaveLength(1);
    expect((await t.world.admin('GET', `/${a.id}`)).json().invoiceServices).toHaveLength(1);
  });

  it('nothing a collaborator can get from any route of their order holds a price', async () => {
    const { id } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
    await t.world.admin('POST', `/${id}/products`, { product: t.world.product.id, quantity: 1 });
    await t.world.moveTo(id, InvoiceState.Wip);
    await t.world.admin('POST', `/${id}/discount`, { discount: 10 });
    await t.world.admin('POST', `/${id}/info`, { invoiceInfo1: 'PC-9', payrollBonus: 20 });
    await t.world.admin('POST', `/${id}/pay`, { date: '2026-03-02', description: 'PIX' });
    const responses = [
      await t.world.worker('GET', '/filter'),
      await t.world.worker('GET', `/${id}`),
      await t.world.worker('GET', `/${id}/allowed-changes`),
      await t.world.worker('GET', `/${id}/equipments/available`),
      await t.world.worker('POST', `/${id}/equipments`, { equipment: t.world.equipment.id }),
      await t.world.worker('GET', `/${id}/comments/type/1`),
      await t.world.worker('GET', `/${id}/comments/type/2`),
      await t.world.worker('POST', `/${id}/comments`, { comment: 'Troquei o filtro', type: 2 }),
      await t.world.worker('POST', `/${id}/todo`),
      await t.world.worker('POST', `/${id}/start`),
      await t.world.worker('POST', `/${id}/block/${t.world.statusOf(InvoiceState.Blocked).id}`),
      await t.world.worker('POST', `/${id}/start`),
      await t.world.worker('POST', `/${id}/complete`),
    ];
    for (const res of responses) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      const body = res.json();
      const keys = allKeys('meta' in body ? body.data : body);
      for (const k of priceKeys) expect(keys.has(k), `${k} in ${res.body.slice(0, 200)}`).toBe(false);
      expect(res.body).not.toMatch(/R\$/);
    }
  });
});
