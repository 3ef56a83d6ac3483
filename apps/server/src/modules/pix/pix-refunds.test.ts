import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { InvoiceState, pixRefundMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { pixView, type StoredPix } from '@ordem-certa/test-support/pix-psp-stand-in/state';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { connectedStandIn, payActiveCharge, until } from '../../../test/pix-fixtures.ts';
import { syncQueuedCharges } from './charge-job.ts';
import { reconcilePix } from './reconcile-job.ts';

// 'Devolver' on a Pix payment: the PSP is asked (PUT /pix/{e2eid}/devolucao/{id}) for at most what the
// Pix paid and was not yet given back; the payment is reduced (or removed) only once the PSP says
// DEVOLVIDO, and only once, whether the webhook or the reconciliation brings the news, however often.
const t = perFile({ app: { config: { appUrl: 'https://oficina.example.com.br' } }, other: true, world: invoiceWorld });
const stand = connectedStandIn(t, 'financeiro@devolucoes.com.br');

const payments = (invoiceId: number) =>
  t.ctx.database.db.select().from(schema.invoicePayments).where(eq(schema.invoicePayments.invoiceId, invoiceId));
const isPaid = async (id: number) => ((await t.world.admin('GET', `/${id}`)).json() as { isPaid: boolean }).isPaid;
const pixPayments = async (id: number) =>
  (await t.world.admin('GET', `/${id}/pix-payments`)).json() as {
    data: Array<{ paymentId: number | null; refundable: number; refunds: Array<{ status: string; amount: number }> }>;
  };
const refund = (id: number, paymentId: number, payload: object, headers = t.org.as(t.org.admin.token)) =>
  t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${t.org.organization.id}/invoices/${id}/payments/${paymentId}/pix-refund`,
    headers,
    payload,
  });
/** The PSP's webhook call (the app is not listening: its address is a name, so the call is injected). */
const webhook = (pix: StoredPix[]) =>
  t.ctx.app.inject({ method: 'POST', url: `/api/pix/webhook/${stand.token}/pix`, payload: { pix: pix.map(pixView) } });
const refundsAtPsp = (e2eid: string) => stand.psp.state.received.find((p) => p.endToEndId === e2eid)!.devolucoes;

/** An order of `quantity` × R$ 180,00 paid by its Pix charge (told by the webhook). */
async function paidByPix(quantity: number) {
  const { id } = await t.world.createInvoice();
  expect((await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity })).statusCode).toBe(
    201,
  );
  await t.world.moveTo(id, InvoiceState.Wip);
  await syncQueuedCharges(stand.ctx);
  return { id, ...(await payActiveCharge(t.ctx, stand.psp, stand.token, id)) };
}

describe('Devolver a Pix payment', () => {
  it('refuses more than was paid, a payment that is not a Pix, a user without the permission, another organization', async () => {
    const { id, pix, paymentId } = await paidByPix(1);
    const over = await refund(id, paymentId, { amount: 180.01 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ errors: { amount: [pixRefundMessages.amountOver(180)] } });
    expect((await refund(id, paymentId, { amount: 0 })).json().errors.amount).toEqual([
      pixRefundMessages.amountPositive,
    ]);
    expect((await refund(id, paymentId, { amount: 10 }, t.org.as(t.org.worker.token))).statusCode).toBe(403);
    const theirs = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.other.organization.id}/invoices/${id}/payments/${paymentId}/pix-refund`,
      headers: t.other.as(t.other.admin.token),
      payload: { amount: 10 },
    });
    expect(theirs.statusCode).toBe(404);
    expect(refundsAtPsp(pix.endToEndId)).toEqual([]);
    // A payment taken by hand is not a Pix the PSP received.
    const { id: other } = await t.world.createInvoice();
    await t.world.admin('POST', `/${other}/services`, { service: t.world.service.id, quantity: 1 });
    await t.world.moveTo(other, InvoiceState.Wip);
    const manual = await t.world.admin('POST', `/${other}/payments`, {
      amount: 50,
      method: 'pix',
      paidAt: '2026-12-01',
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const byHand = await refund(other, manual.json().payments[0].id, { amount: 10 });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().errors).toEqual([pixRefundMessages.notPix]);
    expect((await payments(id))[0]!.amountCents).toBe(18000);
  });

  it('a part goes back: the payment is reduced once the PSP says DEVOLVIDO, once however often it is told; then the rest removes it', async () => {
    const { id, pix, paymentId } = await paidByPix(2);
    expect(await isPaid(id)).toBe(true);
    const asked = await refund(id, paymentId, { amount: 60, reason: 'Serviço não realizado em parte' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data[0]).toMatchObject({
      paymentId,
      refundable: 300,
      refunds: [{ amount: 60, status: 'EM_PROCESSAMENTO', reason: 'Serviço não realizado em parte' }],
    });
    const [atPsp] = refundsAtPsp(pix.endToEndId);
    expect(atPsp).toMatchObject({ valor: '60.00', status: 'EM_PROCESSAMENTO' });
    // Still processing: the money was not given back yet, nothing changes.
    await reconcilePix(stand.ctx);
    expect((await payments(id))[0]!.amountCents).toBe(36000);
    // The PSP settles it and tells the webhook; the webhook again, and the reconciliation: reduced once.
    const settled = stand.psp.state.settleRefunds();
    await webhook(settled);
    await until(
      async () => (await payments(id))[0]!.amountCents,
      (c) => c === 30000,
    );
    await webhook(settled);
    await reconcilePix(stand.ctx, new Date(Date.now() + 601_000));
    expect((await payments(id)).map((p) => p.amountCents)).toEqual([30000]);
    expect(await isPaid(id)).toBe(false);
    const after = await pixPayments(id);
    expect(after.data[0]).toMatchObject({ refundable: 300, refunds: [{ status: 'DEVOLVIDO', amount: 60 }] });
    // The audit trail names the request; the order's history the request and the reversal.
    const trail = await t.ctx.database.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.entity, 'invoice'), eq(schema.auditLogs.entityId, id)));
    expect(trail.some((a) => a.userId === t.org.admin.id && a.data.some((c) => c.field === 'pixRefund'))).toBe(true);
    const comments = await t.ctx.database.db
      .select({ comment: schema.invoiceComments.comment })
      .from(schema.invoiceComments)
      .where(eq(schema.invoiceComments.invoiceId, id));
    expect(comments.map((c) => c.comment)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Admin Teste pediu ao PSP a devolução de R\$\s60,00 do Pix /),
        expect.stringMatching(/^O PSP devolveu R\$\s60,00 do Pix .* o pagamento foi reduzido\.$/),
      ]),
    );
    // The rest: more than it is refused; all of it, settled without a webhook, removes the payment.
    expect((await refund(id, paymentId, { amount: 300.01 })).json().errors.amount).toEqual([
      pixRefundMessages.amountOver(300),
    ]);
    expect((await refund(id, paymentId, { amount: 300 })).statusCode).toBe(200);
    stand.psp.state.settleRefunds();
    await reconcilePix(stand.ctx, new Date(Date.now() + 602_000));
    expect(await payments(id)).toEqual([]);
    expect((await pixPayments(id)).data[0]).toMatchObject({ paymentId: null, refundable: 0 });
    expect(refundsAtPsp(pix.endToEndId).map((d) => [d.valor, d.status])).toEqual([
      ['60.00', 'DEVOLVIDO'],
      ['300.00', 'DEVOLVIDO'],
    ]);
  });

  it('a PSP that does not answer keeps the refund; the reconciliation asks again with the same id, once', async () => {
    const { id, pix, paymentId } = await paidByPix(1);
    stand.psp.failNext(4, 503);
    const asked = await refund(id, paymentId, { amount: 180 });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data[0].refunds).toMatchObject([{ status: 'creating', error: expect.stringContaining('503') }]);
    expect(refundsAtPsp(pix.endToEndId)).toEqual([]);
    // Nothing more can be asked while it waits: the whole Pix is spoken for.
    expect((await refund(id, paymentId, { amount: 1 })).json().errors.amount).toEqual([
      pixRefundMessages.amountOver(0),
    ]);
    // What is left of the failures goes to the next rounds' reads; a round that reads asks for the refund.
    for (let round = 0; round < 4 && !refundsAtPsp(pix.endToEndId).length; round++) await reconcilePix(stand.ctx);
    await reconcilePix(stand.ctx, new Date(Date.now() + 603_000));
    expect(refundsAtPsp(pix.endToEndId)).toMatchObject([{ valor: '180.00', status: 'EM_PROCESSAMENTO' }]);
    await webhook(stand.psp.state.settleRefunds());
    await until(
      () => payments(id),
      (p) => p.length === 0,
    );
    expect(refundsAtPsp(pix.endToEndId)).toHaveLength(1);
  });
});
