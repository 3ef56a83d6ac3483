import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, type PixAutomatico } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../test/helpers.ts';
import { contractWorld } from '../test/contract-fixtures.ts';
import {
  automaticoAccounts as account,
  connectedStandIn,
  saoPauloToday as today,
  until,
} from '../test/pix-fixtures.ts';
import { billDueContracts } from './modules/contracts/contract-billing.ts';
import { runAutomatico } from './modules/pix/automatico-job.ts';
import { syncQueuedCharges } from './modules/pix/charge-job.ts';
import { reconcilePix } from './modules/pix/reconcile-job.ts';

// Pix Automático on a contract, against the stand-in PSP that checks every request against the API Pix
// 2.9.0 (the file fails if one broke it): 'Pedir autorização' queues the recurrence, the Pix job sends
// it (POST /rec, POST /solicrec); the payer's answer comes by the webhook and is read again from the PSP;
// each period's recurring charge (PUT /cobr) goes inside the window before its due date, is recorded once
// when paid, and after failed attempts is tried again as the policy allows, then replaced by a normal
// charge with due date and a reminder. A top-level test: it drives two features together (the contracts'
// billing job and the Pix job).
const t = perFile({ other: true, world: contractWorld, app: { config: { appUrl: 'https://oficina.example.com.br' } } });
const stand = connectedStandIn(t, 'financeiro@automatico.com.br');

const db = () => t.ctx.database.db;
const automatico = (method: 'GET' | 'POST', id: number, payload?: object, token = t.org.admin.token) =>
  t.world.contracts(method, `/${id}/pix-automatico`, payload, token);
const view = async (id: number) => (await automatico('GET', id)).json() as PixAutomatico;
const webhook = (kind: 'rec' | 'cobr', payload: object) =>
  t.ctx.app.inject({ method: 'POST', url: `/api/pix/webhook/${stand.token}/${kind}`, payload });
const requestsOf = (operationId: string) => stand.psp.requests.filter((r) => r.operationId === operationId);

/** A contract whose first period is `daysAhead` days from today (the window of its recurring charge). */
async function contractDueIn(daysAhead: number, over: object = {}) {
  const due = addDays(today(), daysAhead);
  const c = await t.world.createContract({ billingDay: Number(due.slice(8)), amount: 450, ...over });
  expect(c.nextBillingDate).toBe(due);
  return { ...c, due };
}

/** 'Pedir autorização', the job sends it, the payer answers in the bank app and the PSP tells the webhook. */
async function authorized(id: number, approve: boolean, over: object = {}) {
  const asked = await automatico('POST', id, { ...account, ...over });
  expect(asked.statusCode, asked.body).toBe(200);
  expect(asked.json().recurrence).toMatchObject({ state: 'aguardando', pspStatus: 'queued', idRec: null });
  await runAutomatico(stand.ctx);
  const sent = await view(id);
  expect(sent.recurrence).toMatchObject({ state: 'aguardando', pspStatus: 'CRIADA' });
  const idRec = sent.recurrence!.idRec!;
  expect(stand.psp.automatico.answer(idRec, approve)).not.toBeNull();
  expect((await webhook('rec', { recs: [{ idRec, status: 'FORJADO' }] })).statusCode).toBe(200);
  await until(
    () => view(id),
    (v) => v.recurrence?.state === (approve ? 'aprovada' : 'rejeitada'),
  );
  return idRec;
}

const chargeOf = async (contractId: number) => {
  const [c] = await db()
    .select()
    .from(schema.contractPixRecurringCharges)
    .where(eq(schema.contractPixRecurringCharges.contractId, contractId));
  return c!;
};
const noonOf = (day: string) => new Date(`${day}T15:00:00Z`);
const periodOf = async (contractId: number) => {
  const [p] = await db().select().from(schema.contractPeriods).where(eq(schema.contractPeriods.contractId, contractId));
  return p!;
};
/** The period's charge e-mail (queued by the billing job). */
const chargeMail = async (invoiceId: number) => {
  const [m] = await db()
    .select()
    .from(schema.invoiceEmails)
    .where(and(eq(schema.invoiceEmails.invoiceId, invoiceId), sql`${schema.invoiceEmails.subject} LIKE 'Cobrança %'`));
  return m!;
};
const paymentsOf = (invoiceId: number) =>
  db().select().from(schema.invoicePayments).where(eq(schema.invoicePayments.invoiceId, invoiceId));

describe('Pix Automático on a contract', () => {
  it('401 without a token; another organization’s contract is a 404; bad accounts are 422 in pt-BR', async () => {
    const c = await contractDueIn(5);
    const noToken = await t.ctx.app.inject({ method: 'GET', url: t.world.url(`/${c.id}/pix-automatico`) });
    expect(noToken.statusCode).toBe(401);
    const theirs = await t.theirs!.createContract({});
    expect((await automatico('GET', theirs.id)).statusCode).toBe(404);
    expect((await automatico('POST', theirs.id, account)).statusCode).toBe(404);
    const bad = await automatico('POST', c.id, { ...account, payerIspb: '123', receiverAccountType: 'X' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      payerIspb: ['Informe o ISPB do banco do cliente (8 dígitos)'],
      receiverAccountType: ['Selecione o tipo da conta'],
    });
    expect((await view(c.id)).recurrence).toBeNull();
    expect((await view(c.id)).available).toBe(true);
    const bimonthly = await contractDueIn(5, { periodicity: 'bimonthly' });
    const refused = await automatico('POST', bimonthly.id, account);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      'O Pix Automático não tem periodicidade bimestral: use mensal, trimestral, semestral ou anual',
    ]);
  });

  it('authorization approved: POST /rec and /solicrec as the specification defines them; the state from the webhook', async () => {
    const c = await contractDueIn(5);
    const idRec = await authorized(c.id, true);
    const [rec] = requestsOf('POST /rec').filter(
      (r) => (r.body as { vinculo: { contrato: string } }).vinculo.contrato === String(c.id),
    );
    expect(rec!.body).toEqual({
      vinculo: {
        objeto: `Contrato de manutenção nº ${c.id}`,
        contrato: String(c.id),
        devedor: expect.objectContaining({ nome: expect.any(String) }),
      },
      calendario: { dataInicial: c.due, periodicidade: 'MENSAL' },
      // A contract with a yearly readjustment has no fixed amount: its amount is the receiver's floor.
      valor: { valorMinimoRecebedor: '450.00' },
      politicaRetentativa: 'PERMITE_3R_7D',
    });
    const solic = requestsOf('POST /solicrec').find((r) => (r.body as { idRec: string }).idRec === idRec);
    expect(solic!.body).toMatchObject({
      idRec,
      destinatario: { conta: '123456', ispbParticipante: '00000000', agencia: '0001' },
      calendario: { dataExpiracaoSolicitacao: expect.any(String) },
    });
    expect(requestsOf('PUT /webhookrec')).toHaveLength(1);
    expect(requestsOf('PUT /webhookcobr')).toHaveLength(1);
    expect(stand.psp.automatico.webhookRec!.webhookUrl).toBe(
      `https://oficina.example.com.br/api/pix/webhook/${stand.token}`,
    );
    // A second request while one is approved is refused.
    const again = await automatico('POST', c.id, account);
    expect(again.statusCode).toBe(409);
  });

  it('authorization rejected: the state says so, and it can be asked again', async () => {
    const c = await contractDueIn(6, { readjustmentIndex: null });
    await authorized(c.id, false);
    expect((await view(c.id)).recurrence).toMatchObject({ state: 'rejeitada', pspStatus: 'REJEITADA' });
    // Without a readjustment the amount is fixed.
    const rec = requestsOf('POST /rec').find(
      (r) => (r.body as { vinculo: { contrato: string } }).vinculo.contrato === String(c.id),
    );
    expect((rec!.body as { valor: object }).valor).toEqual({ valorRec: '450.00' });
    const again = await automatico('POST', c.id, account);
    expect(again.statusCode).toBe(200);
    expect(again.json().recurrence.state).toBe('aguardando');
  });

  it('a recurring charge in the window, paid: recorded once as the period’s payment, even on a replayed webhook', async () => {
    const c = await contractDueIn(4);
    const idRec = await authorized(c.id, true);
    await runAutomatico(stand.ctx);
    await runAutomatico(stand.ctx);
    const charge = await chargeOf(c.id);
    expect(charge).toMatchObject({ periodDate: c.due, amountCents: 45000, status: 'ATIVA', attemptStatus: 'AGENDADA' });
    const puts = requestsOf('PUT /cobr/{txid}').filter((r) => r.path === `/cobr/${charge.txid}`);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({
      idRec,
      infoAdicional: expect.stringContaining(`Contrato de manutenção nº ${c.id}`),
      calendario: { dataDeVencimento: c.due },
      valor: { original: '450.00' },
      ajusteDiaUtil: true,
      recebedor: { conta: '998877', tipoConta: 'CORRENTE', agencia: '4321' },
    });
    // The payer's PSP pays it on the due date; the period is not billed yet, so the payment waits.
    expect(stand.psp.automatico.settle(charge.txid, { paid: true })).not.toBeNull();
    expect((await webhook('cobr', { cobsr: [{ txid: charge.txid }] })).statusCode).toBe(200);
    await until(
      () => chargeOf(c.id),
      (x) => x.status === 'CONCLUIDA',
    );
    expect(await db().select().from(schema.pixReceived).where(eq(schema.pixReceived.txid, charge.txid))).toEqual([]);
    // The period is billed on its day; its instalment gets no charge with due date (the recurring one covers it).
    await billDueContracts(db(), { now: noonOf(c.due) });
    const period = await periodOf(c.id);
    await syncQueuedCharges(stand.ctx);
    expect(
      await db().select().from(schema.pixCharges).where(eq(schema.pixCharges.invoiceId, period.invoiceId!)),
    ).toEqual([]);
    // Its e-mail says it is debited by Pix Automático, with no code to pay.
    const mail = await chargeMail(period.invoiceId!);
    expect(mail.queuedHtml).toContain('debitada por Pix Automático');
    expect(mail.queuedHtml).not.toContain('Pix copia e cola');
    // The next round records it; the webhook again, the job again and the reconciliation record nothing more.
    await runAutomatico(stand.ctx);
    await webhook('cobr', { cobsr: [{ txid: charge.txid }] });
    await runAutomatico(stand.ctx);
    await reconcilePix(stand.ctx);
    await until(
      () => chargeOf(c.id),
      (x) => x.pixReceivedId !== null,
    );
    const payments = await paymentsOf(period.invoiceId!);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCents: 45000, method: 'pix', receivableId: period.receivableId });
    const [instalment] = await db()
      .select()
      .from(schema.receivables)
      .where(eq(schema.receivables.id, period.receivableId!));
    expect(instalment!.paymentId).toBe(payments[0]!.id);
    expect(await db().select().from(schema.pixReceived).where(eq(schema.pixReceived.txid, charge.txid))).toHaveLength(
      1,
    );
    expect((await view(c.id)).charges).toEqual([
      expect.objectContaining({ periodDate: c.due, status: 'CONCLUIDA', paid: true, fallback: false }),
    ]);
  });

  it('a failed charge is tried again three times (PERMITE_3R_7D), then replaced by a normal charge and a reminder', async () => {
    const c = await contractDueIn(3);
    await authorized(c.id, true);
    await runAutomatico(stand.ctx);
    const { txid } = await chargeOf(c.id);
    for (let n = 1; n <= 4; n++) {
      expect(stand.psp.automatico.settle(txid, { paid: false })).not.toBeNull();
      await webhook('cobr', { cobsr: [{ txid }] });
      if (n <= 3)
        await until(
          () => chargeOf(c.id),
          (x) => x.retries === n && x.attemptStatus === 'AGENDADA',
        );
    }
    const retries = requestsOf('POST /cobr/{txid}/retentativa/{data}').filter((r) =>
      r.path.startsWith(`/cobr/${txid}/`),
    );
    expect(retries.map((r) => r.path.split('/').pop())).toEqual([
      addDays(c.due, 1),
      addDays(c.due, 2),
      addDays(c.due, 3),
    ]);
    const failed = await until(
      () => chargeOf(c.id),
      (x) => x.fallbackAt !== null,
    );
    expect(failed).toMatchObject({ status: 'EXPIRADA', retries: 3, pixReceivedId: null });
    // Billed on its day, the period's instalment gets its normal charge with due date, and the customer an e-mail, once.
    await billDueContracts(db(), { now: noonOf(c.due) });
    const period = await periodOf(c.id);
    await syncQueuedCharges(stand.ctx);
    expect((await chargeMail(period.invoiceId!)).queuedHtml).toContain('Pix copia e cola');
    const [cobv] = await db()
      .select()
      .from(schema.pixCharges)
      .where(eq(schema.pixCharges.invoiceId, period.invoiceId!));
    expect(cobv).toMatchObject({
      kind: 'cobv',
      receivableId: period.receivableId,
      status: 'ATIVA',
      amountCents: 45000,
    });
    await runAutomatico(stand.ctx);
    await runAutomatico(stand.ctx);
    const mails = await db()
      .select()
      .from(schema.invoiceEmails)
      .where(
        and(
          eq(schema.invoiceEmails.invoiceId, period.invoiceId!),
          sql`${schema.invoiceEmails.subject} LIKE 'Pix Automático não debitado%'`,
        ),
      );
    expect(mails).toHaveLength(1);
    expect((await view(c.id)).charges[0]).toMatchObject({ fallback: true, retries: 3, paid: false });
  });

  it('NAO_PERMITE: a failed attempt is not tried again; the normal charge takes over at once', async () => {
    const c = await contractDueIn(7);
    await authorized(c.id, true, { retryPolicy: 'NAO_PERMITE' });
    await runAutomatico(stand.ctx);
    const { txid } = await chargeOf(c.id);
    stand.psp.automatico.settle(txid, { paid: false });
    await webhook('cobr', { cobsr: [{ txid }] });
    await until(
      () => chargeOf(c.id),
      (x) => x.fallbackAt !== null,
    );
    expect(
      requestsOf('POST /cobr/{txid}/retentativa/{data}').filter((r) => r.path.startsWith(`/cobr/${txid}/`)),
    ).toEqual([]);
  });

  it('POST /rec carried out but its answer lost: the next round finds that recurrence (GET /rec) and asks no other', async () => {
    const c = await contractDueIn(8);
    expect((await automatico('POST', c.id, account)).statusCode).toBe(200);
    stand.psp.loseNext(1);
    await runAutomatico(stand.ctx);
    const mine = () =>
      [...stand.psp.automatico.recs.values()].filter(
        (r) => (r.body.vinculo as { contrato: string }).contrato === String(c.id),
      );
    expect(mine()).toHaveLength(1);
    expect((await view(c.id)).recurrence).toMatchObject({ pspStatus: 'queued', idRec: null });
    await db()
      .update(schema.contractPixRecurrences)
      .set({ nextAttemptAt: new Date() })
      .where(eq(schema.contractPixRecurrences.contractId, c.id));
    await runAutomatico(stand.ctx);
    expect(mine()).toHaveLength(1);
    expect((await view(c.id)).recurrence).toMatchObject({ pspStatus: 'CRIADA', idRec: mine()[0]!.idRec });
    expect(requestsOf('GET /rec').length).toBeGreaterThan(0);
  });

  it('Cancelar autorização: PATCH /rec and the charge not yet due cancelled at the PSP; the period falls back', async () => {
    const c = await contractDueIn(9);
    const idRec = await authorized(c.id, true);
    await runAutomatico(stand.ctx);
    const { txid } = await chargeOf(c.id);
    const cancel = await t.world.contracts('POST', `/${c.id}/pix-automatico/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().recurrence).toMatchObject({ state: 'aprovada', cancelRequested: true });
    expect((await t.world.contracts('POST', `/${c.id}/pix-automatico/cancel`)).statusCode).toBe(409);
    await runAutomatico(stand.ctx);
    expect((await view(c.id)).recurrence).toMatchObject({ state: 'cancelada', cancelRequested: false });
    expect(requestsOf('PATCH /rec/{idRec}').find((r) => r.path === `/rec/${idRec}`)!.body).toEqual({
      status: 'CANCELADA',
    });
    expect(requestsOf('PATCH /cobr/{txid}').find((r) => r.path === `/cobr/${txid}`)!.body).toEqual({
      status: 'CANCELADA',
    });
    expect(stand.psp.automatico.cobrs.get(txid)!.status).toBe('CANCELADA');
    expect(await chargeOf(c.id)).toMatchObject({ status: 'CANCELADA', fallbackAt: expect.any(Date) });
  });
});
