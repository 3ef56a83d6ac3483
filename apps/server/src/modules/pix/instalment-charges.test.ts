import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { pixView } from '@ordem-certa/test-support/pix-psp-stand-in/state';
import { pdfText } from '@ordem-certa/test-support/pdf-text';
import { worldPerFile } from '../../../test/invoice-fixtures.ts';
import { connectedStandIn, saoPauloToday as today, until } from '../../../test/pix-fixtures.ts';
import { syncQueuedCharges } from './charge-job.ts';
import { reconcilePix } from './reconcile-job.ts';
import { recordPix, receiveWebhook } from './pix-received.service.ts';

// Each open instalment of an order of a connected company has its own charge with a due date at the
// PSP, made, revised and withdrawn as the instalment changes, and settled (the instalment received) once
// whoever reports its Pix; the immediate charge asks only what no instalment holds.
const t = worldPerFile({ config: { appUrl: 'https://oficina.example.com.br' } });
const chave = 'financeiro@parcelas.com.br';
const stand = connectedStandIn(t, chave);

const rules = (over: object = {}) =>
  t.ctx.app.inject({
    method: 'PUT',
    url: `/api/organizations/${t.org.organization.id}/companies/${t.world.company.id}/pix-psp`,
    headers: t.org.as(t.org.admin.token),
    payload: {
      baseUrl: stand.psp.baseUrl,
      tokenUrl: stand.psp.tokenUrl,
      clientId: stand.psp.clientId,
      expiryDays: 7,
      finePercent: 2,
      interestPercentPerMonth: 1,
      discountPercent: 5,
      discountDaysBefore: 3,
      validityAfterDueDays: 20,
      ...over,
    },
  });

beforeAll(async () => {
  const refused = await rules({ validityAfterDueDays: 366 });
  expect(refused.statusCode).toBe(422);
  expect(refused.json().errors).toEqual({
    validityAfterDueDays: ['Prazo para pagar após o vencimento: de 0 a 365 dias'],
  });
  const res = await rules();
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().connection).toMatchObject({ validityAfterDueDays: 20, finePercent: 2, discountDaysBefore: 3 });
  stand.token = new URL(res.json().connection.webhookUrl).pathname.split('/').pop()!;
});

const db = () => t.ctx.database.db;
const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const charges = (invoiceId: number) =>
  db().select().from(schema.pixCharges).where(eq(schema.pixCharges.invoiceId, invoiceId)).orderBy(schema.pixCharges.id);
const open = async (invoiceId: number) => (await charges(invoiceId)).filter((c) => c.status === 'ATIVA');
const instalments = (invoiceId: number) =>
  db()
    .select()
    .from(schema.receivables)
    .where(eq(schema.receivables.invoiceId, invoiceId))
    .orderBy(schema.receivables.dueDate, schema.receivables.id);
const payments = (invoiceId: number) =>
  db().select().from(schema.invoicePayments).where(eq(schema.invoicePayments.invoiceId, invoiceId));
const receivablesUrl = `/api/organizations/${0}/receivables`;

/** An order of R$ 360,00 in progress, split in `count` monthly Pix instalments from ten days on. */
async function orderInInstalments(count = 3) {
  const { id, number } = await t.world.createInvoice();
  expect(
    (await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 2 })).statusCode,
  ).toBe(201);
  await t.world.moveTo(id, InvoiceState.Wip);
  await syncQueuedCharges(stand.ctx);
  const plan = await t.world.admin('POST', `/${id}/installments`, {
    count,
    firstDueDate: addDays(today(), 10),
    method: 'pix',
  });
  expect(plan.statusCode, plan.body).toBe(201);
  await syncQueuedCharges(stand.ctx);
  return { id, number };
}

describe('each open instalment has its own charge with a due date', () => {
  it('PUT /cobv of its amount and due date, with the company’s fine, interest and discount; the immediate charge is withdrawn', async () => {
    const { id, number } = await orderInInstalments(3);
    const all = await charges(id);
    expect(all[0]).toMatchObject({ kind: 'cob', status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', receivableId: null });
    const parts = await instalments(id);
    const active = await open(id);
    expect(active.map((c) => [c.kind, c.receivableId, c.amountCents, c.dueDate])).toEqual(
      parts.map((r) => ['cobv', r.id, 12000, r.dueDate]),
    );
    for (const [n, c] of active.entries()) {
      expect(c.txid).toMatch(new RegExp(`^OS${number}P${n + 1}[A-Za-z0-9]+$`));
      expect(c.txid.length).toBeGreaterThanOrEqual(26);
      expect(c.txid.length).toBeLessThanOrEqual(35);
      expect(c.pixCopiaECola).toContain('0014br.gov.bcb.pix25');
    }
    const first = stand.psp.state.charge('cobv', active[0]!.txid)!;
    expect(first.body).toMatchObject({
      chave,
      calendario: { dataDeVencimento: parts[0]!.dueDate, validadeAposVencimento: 20 },
      devedor: { nome: t.world.customer.name, cpf: t.world.customer.identifier.replace(/\D/g, '') },
      valor: {
        original: '120.00',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
        desconto: { modalidade: 2, descontoDataFixa: [{ data: addDays(parts[0]!.dueDate, -3), valorPerc: '5.00' }] },
      },
      solicitacaoPagador: expect.stringContaining(`Parcela 1/3 da ordem de serviço nº ${number}`),
    });
    // Staff see each open instalment's code on the order's payments; the customer's page offers each one,
    // and no code of the whole balance (every real of it is in an instalment).
    const money = (await t.world.admin('GET', `/${id}/payments`)).json() as {
      installments: Array<{ id: number; pixCopiaECola: string | null }>;
    };
    expect(money.installments.map((x) => x.pixCopiaECola)).toEqual(active.map((c) => c.pixCopiaECola));
    const signUrl = ((await t.world.admin('GET', `/${id}`)).json() as { signUrl: string }).signUrl;
    const page = await t.ctx.app.inject({
      url: `/api/public/invoices/${id}?token=${new URL(signUrl, 'http://x').searchParams.get('token')}`,
    });
    const shown = page.json() as { pix: unknown; pixInstallments: Array<Record<string, unknown>> };
    expect(shown.pix).toBeNull();
    expect(shown.pixInstallments.map(({ qr, ...x }) => (expect(qr).toMatch(/^data:image\/png;base64,/), x))).toEqual(
      parts.map((r, n) => ({
        number: n + 1,
        count: 3,
        dueDate: r.dueDate,
        amount: 120,
        code: active[n]!.pixCopiaECola,
      })),
    );
    // The order's PDF prints each instalment's own code under 'Parcelas por PIX'.
    const pdf = await t.world.admin('POST', `/${id}/pdf`, { showValues: true });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const printed = pdfText((await t.ctx.app.inject({ url: pdf.json().url })).rawPayload).replace(/\s+/g, '');
    expect(printed).toContain('PARCELASPORPIX');
    // Every real of the balance is in an instalment: no code of the whole balance.
    expect(printed).not.toContain('PAGAMENTOPORPIX');
    for (const [n, c] of active.entries()) {
      expect(printed).toContain(`Parcela${n + 1}de3`);
      expect(printed).toContain(c.pixCopiaECola!.replace(/\s+/g, ''));
    }
    // The order's 'Cobrança Pix' lists each instalment's charge; only the demo's PSP can be told to pay one.
    const card = (await t.world.admin('GET', `/${id}/pix-charge`)).json() as {
      charge: { status: string };
      installments: Array<Record<string, unknown>>;
      canSimulate: boolean;
    };
    expect(card.charge.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(card.installments).toEqual(
      parts.map((r, n) => ({
        receivableId: r.id,
        txid: active[n]!.txid,
        number: n + 1,
        count: 3,
        dueDate: r.dueDate,
        status: 'ATIVA',
        amount: 120,
        pixCopiaECola: active[n]!.pixCopiaECola,
      })),
    );
    expect(card.canSimulate).toBe(false);
    expect((await t.world.admin('POST', `/${id}/pix-charge/simulate?installment=${parts[0]!.id}`)).statusCode).toBe(
      409,
    );
    // Nothing changed: the job asks the PSP nothing more.
    const asked = stand.psp.requests.length;
    await db().execute(sql`UPDATE invoices SET state = state WHERE id = ${id}`);
    await syncQueuedCharges(stand.ctx);
    expect(stand.psp.requests.length).toBe(asked);
  });

  it('a new amount or due date revises the charge (PATCH); a line added is charged apart, immediately', async () => {
    const { id } = await orderInInstalments(2);
    const [first] = await instalments(id);
    const before = (await open(id)).find((c) => c.receivableId === first!.id)!;
    const later = addDays(first!.dueDate, 5);
    await db()
      .update(schema.receivables)
      .set({ amountCents: 15000, dueDate: later })
      .where(eq(schema.receivables.id, first!.id));
    await syncQueuedCharges(stand.ctx);
    const after = (await open(id)).find((c) => c.receivableId === first!.id)!;
    expect(after).toMatchObject({ txid: before.txid, amountCents: 15000, dueDate: later });
    const atPsp = stand.psp.state.charge('cobv', before.txid)!;
    expect(atPsp.revisao).toBe(1);
    expect(atPsp.body).toMatchObject({
      calendario: { dataDeVencimento: later },
      valor: { original: '150.00', desconto: { descontoDataFixa: [{ data: addDays(later, -3) }] } },
    });
    expect(
      (await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 })).statusCode,
    ).toBe(201);
    await syncQueuedCharges(stand.ctx);
    // R$ 540,00 due, R$ 150,00 + R$ 180,00 in instalments: R$ 210,00 charged at once.
    expect((await open(id)).filter((c) => c.kind === 'cob').map((c) => c.amountCents)).toEqual([21000]);
  });

  it('an instalment received by hand, a new plan, a cancel: each withdraws the charges no longer wanted', async () => {
    const { id } = await orderInInstalments(3);
    const [first] = await instalments(id);
    const url = receivablesUrl.replace('/0/', `/${t.org.organization.id}/`);
    const paid = await t.ctx.app.inject({
      method: 'POST',
      url: `${url}/${first!.id}/pay`,
      headers: t.org.as(t.org.admin.token),
      payload: { paidAt: today() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await syncQueuedCharges(stand.ctx);
    const firstCharge = (await charges(id)).find((c) => c.receivableId === first!.id)!;
    expect(firstCharge.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(stand.psp.state.charge('cobv', firstCharge.txid)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(await open(id)).toHaveLength(2);

    // The rest split again in one instalment: the two charges go, one is made.
    const replaced = (await open(id)).map((c) => c.txid);
    expect(
      (
        await t.world.admin('POST', `/${id}/installments`, {
          count: 1,
          firstDueDate: addDays(today(), 20),
          method: 'pix',
        })
      ).statusCode,
    ).toBe(201);
    await syncQueuedCharges(stand.ctx);
    for (const txid of replaced)
      expect(stand.psp.state.charge('cobv', txid)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    const [single] = await open(id);
    expect(single).toMatchObject({ kind: 'cobv', amountCents: 24000, dueDate: addDays(today(), 20) });

    await t.world.moveTo(id, InvoiceState.Canceled);
    await syncQueuedCharges(stand.ctx);
    expect(await open(id)).toEqual([]);
    expect(stand.psp.state.charge('cobv', single!.txid)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });
});

describe('a Pix of an instalment’s charge receives the instalment, once', () => {
  it('paid at the PSP before a revision reached it: the charge is kept as paid, none made again; the reconciliation receives it', async () => {
    const { id } = await orderInInstalments(2);
    const [first] = await instalments(id);
    const charge = (await open(id)).find((c) => c.receivableId === first!.id)!;
    await stand.psp.pay(charge.txid, { notify: false });
    await db().update(schema.receivables).set({ amountCents: 17000 }).where(eq(schema.receivables.id, first!.id));
    await syncQueuedCharges(stand.ctx);
    const ofFirst = (await charges(id)).filter((c) => c.receivableId === first!.id);
    expect(ofFirst.map((c) => [c.txid, c.status])).toEqual([[charge.txid, 'CONCLUIDA']]);
    expect(await db().select().from(schema.pixChargeQueue).where(eq(schema.pixChargeQueue.invoiceId, id))).toEqual([]);
    await reconcilePix(stand.ctx);
    const [payment] = await payments(id);
    // What the PSP took: R$ 180,00 less the discount of 5%.
    expect(payment).toMatchObject({ receivableId: first!.id, amountCents: 17100 });
  });

  it('webhook → the instalment received (not the order); repeated, racing the reconciliation: one payment', async () => {
    const { id } = await orderInInstalments(3);
    const [first, second] = await instalments(id);
    const charge = (await open(id)).find((c) => c.receivableId === first!.id)!;
    const pix = (await stand.psp.pay(charge.txid, { notify: false }))!;
    // Paid more than three days before the due date: the discount of 5%.
    expect(pix.valor).toBe('114.00');
    expect(
      (
        await t.ctx.app.inject({
          method: 'POST',
          url: `/api/pix/webhook/${stand.token}/pix`,
          payload: { pix: [pixView(pix)] },
        })
      ).statusCode,
    ).toBe(200);
    const [payment] = await until(
      () => payments(id),
      (p) => p.length === 1,
    );
    expect(payment).toMatchObject({ amountCents: 11400, method: 'pix', receivableId: first!.id });
    expect(payment!.note).toContain('parcela 1/3');
    const [r1, r2] = await instalments(id);
    expect(r1!.paymentId).toBe(payment!.id);
    expect(r2!.paymentId).toBeNull();
    const [order] = await db().select().from(schema.invoices).where(eq(schema.invoices.id, id));
    expect(order!.isPaid).toBe(false);
    expect((await charges(id)).find((c) => c.id === charge.id)!.status).toBe('CONCLUIDA');

    const hook = { organizationId: t.org.organization.id, companyId: t.world.company.id, pix: pixView(pix) };
    await Promise.all([
      receiveWebhook(stand.ctx, stand.token, [pixView(pix)]),
      recordPix(stand.ctx, { ...hook, source: 'webhook' }),
      recordPix(stand.ctx, { ...hook, source: 'reconciliation' }),
      reconcilePix(stand.ctx),
    ]);
    expect(await payments(id)).toHaveLength(1);
    // The job leaves the other instalments' charges as they are.
    await syncQueuedCharges(stand.ctx);
    expect((await open(id)).map((c) => c.receivableId)).toEqual([second!.id, (await instalments(id))[2]!.id]);
  });

  it('paid late with fine and interest, told to no webhook: the reconciliation receives the instalment', async () => {
    const { id } = await orderInInstalments(2);
    const [first] = await instalments(id);
    const charge = (await open(id)).find((c) => c.receivableId === first!.id)!;
    // Fifteen days late: 2% fine (R$ 3,60) and 1% a month for 15 days (R$ 0,90) on R$ 180,00.
    const horario = new Date(`${addDays(first!.dueDate, 15)}T15:00:00Z`);
    const pix = (await stand.psp.pay(charge.txid, { notify: false, horario }))!;
    expect(pix.valor).toBe('184.50');
    await reconcilePix(stand.ctx, new Date(horario.getTime() + 60_000));
    const [payment] = await payments(id);
    expect(payment).toMatchObject({ amountCents: 18450, receivableId: first!.id, paidAt: addDays(first!.dueDate, 15) });
    const [paidInstalment] = await db()
      .select()
      .from(schema.receivables)
      .where(and(eq(schema.receivables.id, first!.id), eq(schema.receivables.paymentId, payment!.id)));
    expect(paidInstalment).toBeDefined();
  });
});
