import { describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { addDays, type ContractBody, type PixAutomatico } from '@ordem-certa/contracts';
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

// A recurring charge already at the PSP follows its contract, against the stand-in PSP that checks every
// request against the API Pix 2.9.0: a readjustment (or an edit of the amount) has the charge cancelled
// (PATCH /cobr/{txid}: the specification revises a recurring charge only to CANCELADA) and sent again
// with the new amount inside the window, or past it the period falls back to its normal charge; a
// suspension keeps the authorization but cancels the charge of the period it covers, so nothing is
// debited while suspended. All of it done by the Pix job, queued by the contract's change itself.
const t = perFile({ other: true, world: contractWorld, app: { config: { appUrl: 'https://oficina.example.com.br' } } });
const stand = connectedStandIn(t, 'financeiro@segue-contrato.com.br');

const db = () => t.ctx.database.db;
const noonOf = (day: string) => new Date(`${day}T15:00:00Z`);
const automatico = (method: 'GET' | 'POST', id: number, payload?: object) =>
  t.world.contracts(method, `/${id}/pix-automatico`, payload);
const view = async (id: number) => (await automatico('GET', id)).json() as PixAutomatico;
const requestsOf = (operationId: string, path: string) =>
  stand.psp.requests.filter((r) => r.operationId === operationId && r.path === path);
const cobr = schema.contractPixRecurringCharges;
const chargesOf = (contractId: number) =>
  db().select().from(cobr).where(eq(cobr.contractId, contractId)).orderBy(cobr.id);
const liveCharge = async (contractId: number) =>
  (
    await db()
      .select()
      .from(cobr)
      .where(and(eq(cobr.contractId, contractId), isNull(cobr.withdrawnAt)))
  )[0]!;

/** A contract (over: its form's values) whose next period is `daysAhead` days ahead, authorized and its charge sent. */
async function withChargeSent(daysAhead: number, over: Partial<ContractBody> = {}) {
  const due = addDays(today(), daysAhead);
  const values = { billingDay: Number(due.slice(8)), amount: 450, ...over };
  let c = await t.world.createContract(values);
  // A contract started a year back bills its past periods first (its next one is then `due`).
  await billDueContracts(db(), { now: new Date() });
  c = (await t.world.contracts('GET', `/${c.id}`)).json();
  expect(c.nextBillingDate).toBe(due);
  expect((await automatico('POST', c.id, account)).statusCode).toBe(200);
  await runAutomatico(stand.ctx);
  const idRec = (await view(c.id)).recurrence!.idRec!;
  expect(stand.psp.automatico.answer(idRec, true)).not.toBeNull();
  await t.ctx.app.inject({
    method: 'POST',
    url: `/api/pix/webhook/${stand.token}/rec`,
    payload: { recs: [{ idRec }] },
  });
  await until(
    () => view(c.id),
    (v) => v.recurrence?.state === 'aprovada',
  );
  await runAutomatico(stand.ctx);
  const charge = await liveCharge(c.id);
  expect(charge).toMatchObject({ periodDate: due, status: 'ATIVA', amountCents: 45000 });
  return { c, due, values, idRec, charge };
}

/** PUT of the contract with its form's values changed. */
async function edit(id: number, values: Partial<ContractBody>) {
  const now = (await t.world.contracts('GET', `/${id}`)).json();
  const res = await t.world.contracts('PUT', `/${id}`, { ...t.world.body(values), version: now.version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const periodOf = async (contractId: number, date: string) => {
  const [p] = await db()
    .select()
    .from(schema.contractPeriods)
    .where(and(eq(schema.contractPeriods.contractId, contractId), eq(schema.contractPeriods.periodDate, date)));
  return p;
};

describe('a recurring charge already sent follows its contract', () => {
  it('the payer’s answer cannot be played anywhere but at the demo’s PSP', async () => {
    const c = await t.world.createContract({ billingDay: Number(addDays(today(), 7).slice(8)) });
    expect((await automatico('POST', c.id, account)).statusCode).toBe(200);
    await runAutomatico(stand.ctx);
    expect(await view(c.id)).toMatchObject({ canSimulate: false, recurrence: { pspStatus: 'CRIADA' } });
    const played = await t.world.contracts('POST', `/${c.id}/pix-automatico/simulate`, { approve: true });
    expect(played.statusCode).toBe(409);
    expect((await view(c.id)).recurrence!.pspStatus).toBe('CRIADA');
  });

  it('readjusted on the anniversary: the charge is cancelled at the PSP and sent again with the new amount; the period is billed and debited at it', async () => {
    const start = addDays(today(), -365);
    const { c, due, idRec, charge } = await withChargeSent(4, { startDate: start });
    const readjusted = await t.world.contracts('POST', `/${c.id}/readjustments`, { percent: 10 });
    expect(readjusted.statusCode, readjusted.body).toBe(200);
    // Queued in the readjustment's transaction; the PSP not asked by the request.
    expect((await liveCharge(c.id)).reviseRequestedAt).not.toBeNull();
    expect(requestsOf('PATCH /cobr/{txid}', `/cobr/${charge.txid}`)).toEqual([]);

    await runAutomatico(stand.ctx);
    expect(requestsOf('PATCH /cobr/{txid}', `/cobr/${charge.txid}`).map((r) => r.body)).toEqual([
      { status: 'CANCELADA' },
    ]);
    expect(stand.psp.automatico.cobrs.get(charge.txid)!.status).toBe('CANCELADA');
    const rows = await chargesOf(c.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ txid: charge.txid, status: 'CANCELADA', withdrawnAt: expect.any(Date) });
    const renewed = rows[1]!;
    expect(renewed).toMatchObject({ periodDate: due, amountCents: 49500, status: 'ATIVA', withdrawnAt: null });
    expect(renewed.txid).not.toBe(charge.txid);
    expect(requestsOf('PUT /cobr/{txid}', `/cobr/${renewed.txid}`)[0]!.body).toMatchObject({
      idRec,
      calendario: { dataDeVencimento: due },
      valor: { original: '495.00' },
    });
    // The card shows the period's charge that stands, not the one withdrawn.
    expect((await view(c.id)).charges.filter((x) => x.periodDate === due)).toEqual([
      expect.objectContaining({ txid: renewed.txid, amount: 495, status: 'ATIVA' }),
    ]);
    // Another round changes nothing more.
    await runAutomatico(stand.ctx);
    expect(await chargesOf(c.id)).toHaveLength(2);

    await billDueContracts(db(), { now: noonOf(due) });
    const period = (await periodOf(c.id, due))!;
    expect(period.amountCents).toBe(49500);
    expect(stand.psp.automatico.settle(renewed.txid, { paid: true })).not.toBeNull();
    await t.ctx.app.inject({
      method: 'POST',
      url: `/api/pix/webhook/${stand.token}/cobr`,
      payload: { cobsr: [{ txid: renewed.txid }] },
    });
    await runAutomatico(stand.ctx);
    const payments = await until(
      () => db().select().from(schema.invoicePayments).where(eq(schema.invoicePayments.invoiceId, period.invoiceId!)),
      (x) => x.length === 1,
    );
    expect(payments[0]).toMatchObject({ amountCents: 49500, receivableId: period.receivableId });
  });

  it('an edit of the amount past the window: the charge is cancelled and the period falls back to its normal charge, of the new amount', async () => {
    const { c, due, values, charge } = await withChargeSent(3);
    await edit(c.id, { ...values, amount: 480 });
    // The Pix job's round on the day before the due date: too late for a new recurring charge.
    await runAutomatico(stand.ctx, { now: noonOf(addDays(due, -1)) });
    expect(stand.psp.automatico.cobrs.get(charge.txid)!.status).toBe('CANCELADA');
    const rows = await chargesOf(c.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'CANCELADA', withdrawnAt: null, fallbackAt: expect.any(Date) });
    await billDueContracts(db(), { now: noonOf(due) });
    const period = (await periodOf(c.id, due))!;
    expect(period.amountCents).toBe(48000);
    // (A round takes ten orders of a company: the catch-up of the first test queued more.)
    const [cobv] = await until(
      async () => {
        await syncQueuedCharges(stand.ctx);
        return db().select().from(schema.pixCharges).where(eq(schema.pixCharges.invoiceId, period.invoiceId!));
      },
      (x) => x.length > 0,
    );
    expect(cobv).toMatchObject({ kind: 'cobv', status: 'ATIVA', amountCents: 48000 });
  });

  it('an edit that keeps the amount changes nothing at the PSP', async () => {
    const { c, values, charge } = await withChargeSent(5);
    await edit(c.id, { ...values, notes: 'Portaria pelo bloco B' });
    await runAutomatico(stand.ctx);
    expect(requestsOf('PATCH /cobr/{txid}', `/cobr/${charge.txid}`)).toEqual([]);
    expect(await chargesOf(c.id)).toEqual([expect.objectContaining({ txid: charge.txid, status: 'ATIVA' })]);
  });

  it('suspended: the authorization stays, the charge of the period in the suspension is cancelled and nothing is billed; active again in the window, the period gets a new charge', async () => {
    const { c, due, values, idRec, charge } = await withChargeSent(6);
    await edit(c.id, { ...values, status: 'suspenso' });
    await runAutomatico(stand.ctx);
    expect(stand.psp.automatico.cobrs.get(charge.txid)!.status).toBe('CANCELADA');
    expect(stand.psp.automatico.recs.get(idRec)!.status).toBe('APROVADA');
    expect((await view(c.id)).recurrence).toMatchObject({ state: 'aprovada' });
    expect(await chargesOf(c.id)).toEqual([
      expect.objectContaining({ status: 'CANCELADA', withdrawnAt: expect.any(Date), fallbackAt: null }),
    ]);
    // No new charge while suspended, and the period is not billed on its day.
    await runAutomatico(stand.ctx);
    expect(await chargesOf(c.id)).toHaveLength(1);
    await billDueContracts(db(), { now: noonOf(due) });
    expect(await periodOf(c.id, due)).toBeUndefined();

    await edit(c.id, { ...values, status: 'ativo' });
    await runAutomatico(stand.ctx);
    const renewed = await liveCharge(c.id);
    expect(renewed).toMatchObject({ periodDate: due, status: 'ATIVA', amountCents: 45000 });
    expect(renewed.txid).not.toBe(charge.txid);
    expect(
      await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(cobr)
        .where(and(eq(cobr.contractId, c.id), sql`${cobr.reviseRequestedAt} IS NOT NULL`)),
    ).toEqual([{ n: 0 }]);
  });
});
