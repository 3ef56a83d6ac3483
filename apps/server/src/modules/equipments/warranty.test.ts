import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { worldPerFile } from '../../../test/invoice-fixtures.ts';
import { pdfText } from '@ordem-certa/test-support/pdf-text';

// Warranty: the catalogue gives a warranty in days, a line copies it when it is added, and an
// equipment is under warranty until its last completed order's end day plus that order's longest one.
const t = worldPerFile();
const orgUrl = (rest: string) => `/api/organizations/${t.org.organization.id}${rest}`;
const asAdmin = (method: 'GET' | 'POST' | 'PUT', rest: string, payload?: object) =>
  t.ctx.app.inject({ method, url: orgUrl(rest), headers: t.org.as(t.org.admin.token), ...(payload && { payload }) });
const equipment = async () =>
  (await asAdmin('GET', `/customers/${t.world.customer.id}/equipments/${t.world.equipment.id}`)).json();

/** A completed order of the equipment with these lines, ended on `day` (São Paulo, the org's zone). */
async function completedOrder(lines: { service?: number; product?: number }, day: string) {
  const { id } = await t.world.createInvoice();
  await t.world.admin('POST', `/${id}/equipments`, { equipment: t.world.equipment.id });
  if (lines.service) await t.world.admin('POST', `/${id}/services`, { service: lines.service, quantity: 1 });
  if (lines.product) await t.world.admin('POST', `/${id}/products`, { product: lines.product, quantity: 1 });
  await t.world.moveTo(id, InvoiceState.Completed);
  // 23:30 in São Paulo is the next day in UTC: the day counted is the organization's.
  await t.ctx.database.db
    .update(schema.invoices)
    .set({ finishedAt: sql`(${day}::date + time '23:30') AT TIME ZONE 'America/Sao_Paulo'` })
    .where(eq(schema.invoices.id, id));
  return id;
}

describe('warranty', () => {
  it('services and products keep a warranty in days, kept by an edit without it; out of 0..3650 or not whole is a 422 on the field', async () => {
    const created = await asAdmin('POST', '/services', { name: 'Instalação', price: 300, warrantyDays: 90 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ warrantyDays: 90 });
    const id = created.json().id;
    // An edit without it keeps it; null takes it away.
    const kept = await asAdmin('PUT', `/services/${id}`, { name: 'Instalação', price: 300 });
    expect(kept.json().warrantyDays).toBe(90);
    const cleared = await asAdmin('PUT', `/services/${id}`, { name: 'Instalação', price: 300, warrantyDays: null });
    expect(cleared.json().warrantyDays).toBeNull();
    for (const bad of [-1, 3651, 1.5, 'x']) {
      const res = await asAdmin('PUT', `/services/${id}`, { name: 'Instalação', price: 300, warrantyDays: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors.warrantyDays).toEqual(['Informe a garantia em dias, de 0 a 3650']);
    }
    const product = await asAdmin('POST', '/products', { name: 'Compressor', price: 900, warrantyDays: 365 });
    expect(product.json()).toMatchObject({ warrantyDays: 365, unit: 'un' });
  });

  it("a line copies the catalogue's warranty when added; a later change to the catalogue leaves it", async () => {
    const service = (await asAdmin('POST', '/services', { name: 'Limpeza', price: 150, warrantyDays: 30 })).json();
    const { id } = await t.world.createInvoice();
    await t.world.admin('POST', `/${id}/services`, { service: service.id, quantity: 1 });
    await asAdmin('PUT', `/services/${service.id}`, { name: 'Limpeza', price: 150, warrantyDays: 60 });
    const detail = (await t.world.admin('GET', `/${id}`)).json();
    expect(detail.invoiceServices).toEqual([expect.objectContaining({ serviceId: service.id, warrantyDays: 30 })]);
    // The order's PDF prints it on the line.
    await t.world.moveTo(id, InvoiceState.Wip);
    const { url } = (await t.world.admin('POST', `/${id}/pdf`, { showValues: true })).json();
    const pdf = await t.ctx.app.inject({ url });
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Garantia: 30 dias');
  });

  it("the equipment is under warranty until its last completed order's end day plus the longest warranty", async () => {
    expect((await equipment()).warrantyUntil).toBeNull();
    const service = (await asAdmin('POST', '/services', { name: 'Reparo', price: 200, warrantyDays: 90 })).json();
    const product = (await asAdmin('POST', '/products', { name: 'Placa', price: 500, warrantyDays: 180 })).json();
    await completedOrder({ service: service.id, product: product.id }, '2026-03-10');
    expect((await equipment()).warrantyUntil).toBe('2026-09-06'); // 10 March + 180 days
    // An open order does not count; a later completed one without warranty ends it.
    const { id: open } = await t.world.createInvoice();
    await t.world.admin('POST', `/${open}/equipments`, { equipment: t.world.equipment.id });
    expect((await equipment()).warrantyUntil).toBe('2026-09-06');
    const plain = (await asAdmin('POST', '/services', { name: 'Visita', price: 80 })).json();
    await completedOrder({ service: plain.id }, '2026-04-01');
    expect((await equipment()).warrantyUntil).toBeNull();
    await completedOrder({ service: service.id }, '2026-05-02');
    expect((await equipment()).warrantyUntil).toBe('2026-07-31');
    // The list says the same, and other equipment has none.
    const list = (await asAdmin('GET', `/customers/${t.world.customer.id}/equipments`)).json();
    expect(list.data.find((e: { id: number }) => e.id === t.world.equipment.id).warrantyUntil).toBe('2026-07-31');
    expect(list.data.find((e: { id: number }) => e.id === t.world.equipment2.id).warrantyUntil).toBeNull();
  });
});
