import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatMoney, paymentMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import type { SefinStandIn } from '@ordem-certa/test-support/sefin-stand-in';
import type { TestContext, TestOrg } from '../../../test/helpers.ts';
import type { InvoiceWorld } from '../../../test/invoice-fixtures.ts';
import { normalRegime, type nfseCompany, startNfseWorld } from '../../../test/nfse-fixtures.ts';

// What an order expects to receive when its customer withholds taxes at source: the total less the
// withheld part, reckoned from the withholdings before the NFS-e and taken from the NFS-e once issued.
// The balance, a free payment, instalments, 'Pagar' and whether the order is paid all follow it.

let standIn: SefinStandIn;
let ctx: TestContext;
let org: TestOrg;
let world: InvoiceWorld;
let n: Awaited<ReturnType<typeof nfseCompany>>;

const payments = async (id: number) => (await world.admin('GET', `/${id}/payments`)).json();
const withholdings = (customerId: number, w: object | null) =>
  ctx.database.db
    .update(schema.customers)
    .set({ nfseWithholdings: w as never })
    .where(eq(schema.customers.id, customerId));

beforeAll(async () => {
  ({ standIn, ctx, org, world, n } = await startNfseWorld(normalRegime));
});
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
});

describe('the receivable of an order whose customer withholds', () => {
  it('expects the net before the NFS-e and after it; more than the net is refused; instalments split the net', async () => {
    // Federal withholdings only (no ISS): IRRF 1,5 % and CSLL 1 % of R$ 360,00 = 5,40 + 3,60.
    await withholdings(n.takerCompany.id, { iss: false, pis: null, cofins: null, csll: 1, irrf: 1.5, cp: null });
    const order = await n.completedOrder('Manutenção preventiva', n.takerCompany.id);
    expect(await payments(order.id)).toMatchObject({ total: 360, withheld: 9, paid: 0, balance: 351 });

    const over = await world.admin('POST', `/${order.id}/payments`, {
      amount: 360,
      method: 'pix',
      paidAt: '2026-03-05',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toEqual([paymentMessages.overBalance(351)]);

    const nfse = await n.issued(order.id);
    expect(nfse.values).toMatchObject({ withheld: 9, net: 351 });
    const split = await world.admin('POST', `/${order.id}/installments`, {
      count: 2,
      firstDueDate: '2026-04-10',
      method: 'boleto',
    });
    expect(split.statusCode, split.body).toBe(201);
    expect(split.json().installments.map((x: { amount: number }) => x.amount)).toEqual([175.5, 175.5]);
    expect(split.json()).toMatchObject({ withheld: 9, balance: 351, unscheduled: 0 });
  });

  it("'Pagar' receives the net and settles the order; the ISS withheld counts once the NFS-e says it", async () => {
    await withholdings(n.takerCompany.id, { iss: true, pis: 0.65, cofins: 3, csll: 1, irrf: 1.5, cp: null });
    const order = await n.completedOrder('Limpeza', n.takerCompany.id);
    // The NFS-e: ISS 2 % (the municipality's) 7,20; PIS 2,34; COFINS 10,80; CSLL 3,60; IRRF 5,40.
    const nfse = await n.issued(order.id);
    expect(nfse.values).toMatchObject({ iss: 7.2, issWithheld: true, withheld: 29.34, net: 330.66 });
    expect(await payments(order.id)).toMatchObject({ total: 360, withheld: 29.34, balance: 330.66 });

    const pay = await world.admin('POST', `/${order.id}/pay`, { date: '2026-03-05', description: 'TED' });
    expect(pay.statusCode).toBe(200);
    const after = await payments(order.id);
    expect(after).toMatchObject({ isPaid: true, paid: 330.66, balance: 0, withheld: 29.34 });
    expect(after.payments.map((x: { amount: number }) => x.amount)).toEqual([330.66]);
    const comments = (await world.admin('GET', `/${order.id}/comments/type/4`)).json();
    expect(JSON.stringify(comments)).toContain(formatMoney(330.66));

    // 'Desfazer pagamento' takes back the payment that settled it.
    const undo = await world.admin('POST', `/${order.id}/undo-payment`);
    expect(undo.statusCode).toBe(200);
    expect(await payments(order.id)).toMatchObject({ isPaid: false, paid: 0, balance: 330.66 });
  });

  it('the order is paid, or no longer, as its withholdings change and its NFS-e is issued or canceled', async () => {
    // Federal withholdings only: 9,00 of R$ 360,00, so every figure is known before the NFS-e.
    const federal = { iss: false, pis: null, cofins: null, csll: 1, irrf: 1.5, cp: null };
    await withholdings(n.takerCompany.id, federal);
    const order = await n.completedOrder('Revisão', n.takerCompany.id);
    const isPaid = async () => (await payments(order.id)).isPaid;

    // The order withholds nothing of its own: 360,00 expected, 351,00 paid.
    expect((await n.nfseCall('PUT', order.id, '/withholdings', { withholdings: { iss: false } })).statusCode).toBe(200);
    const paid = await world.admin('POST', `/${order.id}/payments`, {
      amount: 351,
      method: 'pix',
      paidAt: '2026-03-05',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await payments(order.id)).toMatchObject({ isPaid: false, balance: 9 });
    // Back to the customer's withholdings: 351,00 expected, covered.
    expect((await n.nfseCall('PUT', order.id, '/withholdings', { withholdings: null })).statusCode).toBe(200);
    expect(await payments(order.id)).toMatchObject({ isPaid: true, balance: 0 });

    // The customer stops withholding: its order expects the total again.
    const customerUrl = `/api/organizations/${org.organization.id}/customers/${n.takerCompany.id}/nfse-withholdings`;
    const put = (body: object) =>
      ctx.app.inject({ method: 'PUT', url: customerUrl, headers: org.as(org.admin.token), payload: body });
    expect((await put({ withholdings: null })).statusCode).toBe(200);
    expect(await payments(order.id)).toMatchObject({ isPaid: false, balance: 9 });

    // Written straight to the database, the customer's rates settle nothing: the issued NFS-e does.
    await withholdings(n.takerCompany.id, federal);
    expect(await isPaid()).toBe(false);
    await n.issued(order.id);
    expect(await payments(order.id)).toMatchObject({ isPaid: true, balance: 0, withheld: 9 });
    const audits = await ctx.database.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.entity, 'invoice'), eq(schema.auditLogs.entityId, order.id)));
    // By the server (no user), in the issuing transaction.
    const byServer = audits.filter((a) => a.userId === null).flatMap((a) => a.data);
    expect(byServer).toContainEqual({ field: 'isPaid', before: false, after: true });

    // The customer's rates gone, the issued note's still hold; canceled, they no longer do.
    await withholdings(n.takerCompany.id, null);
    expect(await payments(order.id)).toMatchObject({ isPaid: true, balance: 0 });
    const cancel = await n.nfseCall('POST', order.id, '/cancel', { reason: 'Valor do serviço informado errado' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await payments(order.id)).toMatchObject({ isPaid: false, balance: 9, withheld: 0 });
  });

  it('a customer that withholds nothing: the receivable is the total', async () => {
    await withholdings(n.takerCompany.id, null);
    const order = await n.completedOrder('Instalação', n.takerCompany.id);
    expect(await payments(order.id)).toMatchObject({ total: 360, withheld: 0, balance: 360 });
    await n.issued(order.id);
    expect(await payments(order.id)).toMatchObject({ total: 360, withheld: 0, balance: 360 });
  });
});
