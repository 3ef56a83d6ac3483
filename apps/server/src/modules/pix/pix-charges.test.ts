import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { InvoiceState, readBrCode } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { worldPerFile } from '../../../test/invoice-fixtures.ts';
import { connectedStandIn, until } from '../../../test/pix-fixtures.ts';
import { syncQueuedCharges } from './charge-job.ts';
import { reconcilePix } from './reconcile-job.ts';
import { recordPix, receiveWebhook } from './pix-received.service.ts';

// The order's charge follows it at the PSP (made, revised, withdrawn) through the queue the writes fill
// and the job that empties it; a Pix becomes one payment whoever reports it (webhook, reconciliation,
// twice, at once), only once the PSP confirms it; forged reports record nothing.
const t = worldPerFile({ config: { appUrl: 'https://oficina.example.com.br' } });
const chave = 'financeiro@charges.com.br';
const stand = connectedStandIn(t, chave);

const charges = (invoiceId: number) =>
  t.ctx.database.db
    .select()
    .from(schema.pixCharges)
    .where(eq(schema.pixCharges.invoiceId, invoiceId))
    .orderBy(schema.pixCharges.id);
const payments = (invoiceId: number) =>
  t.ctx.database.db.select().from(schema.invoicePayments).where(eq(schema.invoicePayments.invoiceId, invoiceId));
const order = async (id: number) =>
  (await t.world.admin('GET', `/${id}`)).json() as { total: number; isPaid: boolean; signUrl: string };
const webhook = (pix: unknown[], as = stand.token) =>
  t.ctx.app.inject({ method: 'POST', url: `/api/pix/webhook/${as}/pix`, payload: { pix } });

async function chargedOrder(quantity = 2) {
  const { id, number } = await t.world.createInvoice();
  expect((await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity })).statusCode).toBe(
    201,
  );
  await t.world.moveTo(id, InvoiceState.Wip);
  await syncQueuedCharges(stand.ctx);
  const [charge] = (await charges(id)).filter((c) => c.status === 'ATIVA');
  return { id, number, charge: charge! };
}

describe('the charge follows the order', () => {
  it('an order with a balance gets PUT /cob of the amount due, payer and order named; its public page shows the dynamic code', async () => {
    const { id, number, charge } = await chargedOrder();
    expect(charge).toMatchObject({ kind: 'cob', amountCents: 36000, status: 'ATIVA' });
    expect(charge.txid).toMatch(new RegExp(`^OS${number}[A-Za-z0-9]+$`));
    const atPsp = stand.psp.state.charge('cob', charge.txid)!;
    expect(atPsp.body).toMatchObject({
      valor: { original: '360.00' },
      chave,
      calendario: { expiracao: 7 * 86_400 },
      devedor: { nome: t.world.customer.name, cpf: t.world.customer.identifier.replace(/\D/g, '') },
      solicitacaoPagador: expect.stringContaining(`nº ${number}`),
    });
    const signUrl = (await order(id)).signUrl;
    const page = await t.ctx.app.inject({
      url: `/api/public/invoices/${id}?token=${new URL(signUrl, 'http://x').searchParams.get('token')}`,
    });
    const code = page.json().pix.code as string;
    expect(code).toBe(charge.pixCopiaECola);
    expect(readBrCode(code)['26.25']).toBe(charge.location);
  });

  it('a line edit revises the charge (PATCH); a cancel withdraws it (REMOVIDA_PELO_USUARIO_RECEBEDOR)', async () => {
    const { id, charge } = await chargedOrder();
    expect(
      (await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 })).statusCode,
    ).toBe(201);
    await syncQueuedCharges(stand.ctx);
    expect((await charges(id)).map((c) => [c.txid, c.amountCents, c.status])).toEqual([[charge.txid, 54000, 'ATIVA']]);
    expect(stand.psp.state.charge('cob', charge.txid)!.revisao).toBe(1);
    await t.world.moveTo(id, InvoiceState.Canceled);
    await syncQueuedCharges(stand.ctx);
    expect((await charges(id))[0]!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(stand.psp.state.charge('cob', charge.txid)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });

  it('a PSP that fails or does not answer never blocks the order; the charge is made when it is back', async () => {
    stand.psp.failNext(20, 500);
    const { id } = await t.world.createInvoice();
    expect(
      (await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 })).statusCode,
    ).toBe(201);
    await t.world.moveTo(id, InvoiceState.Wip);
    await syncQueuedCharges(stand.ctx, id);
    const [queued] = await t.ctx.database.db
      .select()
      .from(schema.pixChargeQueue)
      .where(eq(schema.pixChargeQueue.invoiceId, id));
    expect(queued!.lastError).toBe('O PSP está indisponível no momento (HTTP 500)');
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Each round of the job uses up some of the failures; the first round after them makes the charge.
    while ((await syncAfterFailures(id)) === false);
    expect((await charges(id)).find((c) => c.status === 'ATIVA')?.amountCents).toBe(18000);
  });
});

/** Makes the queued order due again and runs the job; true once its charge is active. */
async function syncAfterFailures(id: number) {
  await t.ctx.database.db
    .update(schema.pixChargeQueue)
    .set({ nextAttemptAt: new Date(0) })
    .where(eq(schema.pixChargeQueue.invoiceId, id));
  await syncQueuedCharges(stand.ctx, id);
  return (await charges(id)).some((c) => c.status === 'ATIVA');
}

describe('a Pix becomes one payment, once the PSP confirms it', () => {
  it('webhook → paid: one payment, method pix, on the day of its horario in the organization’s zone', async () => {
    const { id, charge } = await chargedOrder(1);
    const pix = await stand.psp.pay(charge.txid, { notify: false, horario: new Date('2031-05-02T02:30:00Z') });
    const res = await webhook([pix]);
    expect(res.statusCode).toBe(200);
    const [paid] = await until(
      () => payments(id),
      (p) => p.length === 1,
    );
    // 02:30 UTC is 23:30 of the day before in São Paulo.
    expect(paid).toMatchObject({ amountCents: 18000, method: 'pix', paidAt: '2031-05-01' });
    expect((await order(id)).isPaid).toBe(true);
    expect((await charges(id))[0]!.status).toBe('CONCLUIDA');
    const bell = await t.ctx.database.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.userId, t.org.admin.id));
    expect(bell.some((n) => n.url === `/invoices/${id}/edit` && n.title.startsWith('Pix recebido'))).toBe(true);
    // The same webhook again, and two instances recording it at once: still one payment.
    await webhook([pix]);
    await Promise.all([
      recordPix(stand.ctx, {
        organizationId: t.org.organization.id,
        companyId: t.world.company.id,
        pix: pix!,
        source: 'webhook',
      }),
      recordPix(stand.ctx, {
        organizationId: t.org.organization.id,
        companyId: t.world.company.id,
        pix: pix!,
        source: 'reconciliation',
      }),
    ]);
    await receiveWebhook(stand.ctx, stand.token, [pix!]);
    expect(await payments(id)).toHaveLength(1);
  });

  it('forged webhooks record nothing: unknown endToEndId, unknown txid, another amount, another company’s token', async () => {
    const { id, charge } = await chargedOrder(1);
    const pix = (await stand.psp.pay(charge.txid, { notify: false }))!;
    const fakeE2e = `E00000000${randomBytes(16).toString('hex').slice(0, 23)}`;
    await receiveWebhook(stand.ctx, stand.token, [{ ...pix, endToEndId: fakeE2e }]);
    await receiveWebhook(stand.ctx, stand.token, [{ ...pix, valor: '1.00' }]);
    await receiveWebhook(stand.ctx, stand.token, [{ ...pix, txid: 'OS999999xxxxxxxxxxxxxxxxxxxxxx' }]);
    await receiveWebhook(stand.ctx, 'a'.repeat(43), [pix]);
    expect((await webhook([pix], 'b'.repeat(43))).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(await payments(id)).toHaveLength(0);
    const received = await t.ctx.database.db
      .select()
      .from(schema.pixReceived)
      .where(eq(schema.pixReceived.organizationId, t.org.organization.id));
    expect(received.map((r) => r.endToEndId)).not.toContain(fakeE2e);
    expect(received.map((r) => r.endToEndId)).not.toContain(pix.endToEndId);
  });

  it('a missed webhook is found by the reconciliation; a webhook racing it still makes one payment', async () => {
    const missed = await chargedOrder(1);
    await stand.psp.pay(missed.charge.txid, { notify: false });
    const raced = await chargedOrder(1);
    const pix = (await stand.psp.pay(raced.charge.txid, { notify: false }))!;
    // A Pix with a txid no charge of ours has: 'Pix não identificado'.
    const stranger = stand.psp.state.receive({ txid: 'ZZ' + 'x'.repeat(28), valor: '12.34', chave });
    await Promise.all([reconcilePix(stand.ctx), receiveWebhook(stand.ctx, stand.token, [pix])]);
    expect(await payments(missed.id)).toHaveLength(1);
    expect(await payments(raced.id)).toHaveLength(1);
    const [unknown] = await t.ctx.database.db
      .select()
      .from(schema.pixReceived)
      .where(
        and(
          eq(schema.pixReceived.organizationId, t.org.organization.id),
          eq(schema.pixReceived.endToEndId, stranger.endToEndId),
        ),
      );
    expect(unknown).toMatchObject({ invoiceId: null, paymentId: null, amountCents: 1234, source: 'reconciliation' });
    // Read again: nothing new.
    await reconcilePix(stand.ctx, new Date(Date.now() + 601_000));
    expect(await payments(missed.id)).toHaveLength(1);
  });
});
