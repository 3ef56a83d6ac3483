import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfseMessages } from '@ordem-certa/contracts';
import { validateXml } from '@ordem-certa/nfse-xml';
import type { SefinStandIn } from '@ordem-certa/test-support/sefin-stand-in';
import type { TestContext, TestOrg } from '../../../test/helpers.ts';
import type { InvoiceWorld } from '../../../test/invoice-fixtures.ts';
import { normalRegime, type nfseCompany, startNfseWorld } from '../../../test/nfse-fixtures.ts';

// 'Materiais incluídos no valor do serviço': by default the NFS-e declares the order's whole subtotal
// (services and parts), as always; a company that says no declares the services alone, with the
// order's discount in the services' share. The order's NFS-e section says which, with the amount.

let standIn: SefinStandIn;
let ctx: TestContext;
let org: TestOrg;
let world: InvoiceWorld;
let n: Awaited<ReturnType<typeof nfseCompany>>;

const fiscalUrl = () => `/api/organizations/${org.organization.id}/companies/${world.company.id}/fiscal`;
const putFiscal = (body: object) =>
  ctx.app.inject({ method: 'PUT', url: fiscalUrl(), headers: org.as(org.admin.token), payload: body });
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

/**
 * A completed order: 2 × 'Limpeza de split' (R$ 360,00) and 3 × 'Filtro de ar' (R$ 107,70), less
 * `discount` (subtotal R$ 467,70).
 */
async function orderWithParts(discount = 0, services = 2) {
  const order = await world.createInvoice();
  if (services > 0) {
    const s = await world.admin('POST', `/${order.id}/services`, { service: world.service.id, quantity: services });
    expect(s.statusCode, s.body).toBe(201);
  }
  const p = await world.admin('POST', `/${order.id}/products`, { product: world.product.id, quantity: 3 });
  expect(p.statusCode, p.body).toBe(201);
  if (discount) expect((await world.admin('POST', `/${order.id}/discount`, { discount })).statusCode).toBe(200);
  await world.moveTo(order.id, 20);
  return order;
}
const covers = async (id: number) => (await n.nfseCall('GET', id, '/withholdings')).json().covers;

beforeAll(async () => {
  ({ standIn, ctx, org, world, n } = await startNfseWorld(normalRegime));
});
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
});

describe("'Materiais incluídos no valor do serviço'", () => {
  it('is yes for a company that never said (what the NFS-e always declared); a value that is not yes or no is a 422', async () => {
    const got = await ctx.app.inject({ url: fiscalUrl(), headers: org.as(org.admin.token) });
    expect(got.json().settings.materialsIncluded).toBe(true);
    const wrong = await putFiscal({ ...normalRegime, materialsIncluded: 'talvez' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.materialsIncluded).toEqual([nfseMessages.materialsIncluded]);
  });

  it('yes: the DPS declares services and parts, valid against the layout; the order says so', async () => {
    const order = await orderWithParts(46.77);
    expect(await covers(order.id)).toEqual({ materials: true, amount: 420.93, materialsLeftOut: 0 });
    await n.issued(order.id);
    const xml = (await n.nfseCall('GET', order.id, '/dps.xml')).body;
    expect(await validateXml(xml, 'DPS')).toEqual([]);
    expect(tag(xml, 'vServ')).toBe('467.70');
    expect(tag(xml, 'vDescIncond')).toBe('46.77');
    expect(tag(xml, 'xDescServ')).toContain('Filtro de ar × 3');
    expect(await covers(order.id)).toEqual({ materials: true, amount: 420.93, materialsLeftOut: 0 });
  });

  it('no: the DPS declares the services alone, with their share of the discount; valid against the layout', async () => {
    const saved = await putFiscal({ ...normalRegime, nextDpsNumber: 2, materialsIncluded: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.materialsIncluded).toBe(false);

    // Discount R$ 46,77 of R$ 467,70: the services' share is 360/467,70 of it, R$ 36,00.
    const order = await orderWithParts(46.77);
    expect(await covers(order.id)).toEqual({ materials: false, amount: 324, materialsLeftOut: 107.7 });
    const nfse = await n.issued(order.id);
    expect(nfse.values).toMatchObject({ service: 360, discount: 36 });
    const xml = (await n.nfseCall('GET', order.id, '/dps.xml')).body;
    expect(await validateXml(xml, 'DPS')).toEqual([]);
    expect(tag(xml, 'vServ')).toBe('360.00');
    expect(tag(xml, 'vDescIncond')).toBe('36.00');
    expect(tag(xml, 'xDescServ')).not.toContain('Filtro de ar');
    // The issued note keeps saying what it covered, whatever the setting says later.
    await putFiscal({ ...normalRegime, nextDpsNumber: 3, materialsIncluded: true });
    expect(await covers(order.id)).toEqual({ materials: false, amount: 324, materialsLeftOut: 107.7 });
    // The order still expects its whole total: the parts are paid, only outside the note.
    const payments = (await world.admin('GET', `/${order.id}/payments`)).json();
    expect(payments).toMatchObject({ total: 420.93, withheld: 0, balance: 420.93 });
  });

  it('no, on an order of parts alone: 409 saying there is no service to declare, and no DPS number taken', async () => {
    await putFiscal({ ...normalRegime, nextDpsNumber: 3, materialsIncluded: false });
    const order = await orderWithParts(0, 0);
    expect(await covers(order.id)).toEqual({ materials: false, amount: 0, materialsLeftOut: 107.7 });
    const res = await n.nfseCall('POST', order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([nfseMessages.onlyMaterials]);
    expect((await n.documents(order.id)).length).toBe(0);
    const got = await ctx.app.inject({ url: fiscalUrl(), headers: org.as(org.admin.token) });
    expect(got.json().settings.nextDpsNumber).toBe(3);
  });
});
