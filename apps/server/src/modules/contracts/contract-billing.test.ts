import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { addDays, InvoiceState, type ContractBody } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createSecondInstance, perFile } from '../../../test/helpers.ts';
import { contractWorld } from '../../../test/contract-fixtures.ts';
import { keepingMailer } from '../../../test/whatsapp-fixtures.ts';
import { sendQueuedOrderEmails } from '../../core/records/queued-emails.ts';
import { billDueContracts, issuePendingNfse } from './contract-billing.ts';

// The job that bills each period of the active contracts once, on its billing day in the
// organization's time zone: with two runs or two instances at once, after a restart, and with the
// clock moved to month ends, 29 February and another zone.
const { mailer, sent } = keepingMailer();
const t = perFile({ other: true, world: contractWorld, app: { mailer } });

/** Runs the job at `now` until it finds nothing more due; returns how many periods it billed. */
async function drain(now?: Date, db = t.ctx.database.db, batch?: number) {
  let billed = 0;
  for (;;) {
    const r = await billDueContracts(db, { now, batch });
    expect(r.failed).toBe(0);
    billed += r.billed;
    if (!r.claimed) return billed;
  }
}

/** `count` contracts starting on consecutive days from `start`, each billed on its start's day. */
async function contractsFrom(start: string, count: number) {
  const made = [];
  for (let n = 0; n < count; n++)
    made.push(
      await t.world.createContract({ startDate: addDays(start, n), billingDay: Number(addDays(start, n).slice(8)) }),
    );
  return made;
}

/**
 * Every period the job billed of the contracts, with how many `billed` says it did: they match, there
 * are at least `atLeast` and no period is there twice.
 */
async function expectEachPeriodOnce(contracts: Array<{ id: number }>, billed: number, atLeast: number) {
  const rows = await t.ctx.database.db
    .select({ id: schema.contractPeriods.contractId, date: schema.contractPeriods.periodDate })
    .from(schema.contractPeriods)
    .where(
      inArray(
        schema.contractPeriods.contractId,
        contracts.map((c) => c.id),
      ),
    );
  expect(billed).toBe(rows.length);
  expect(rows.length).toBeGreaterThanOrEqual(atLeast);
  expect(new Set(rows.map((r) => `${r.id} ${r.date}`)).size).toBe(rows.length);
}

const at = (iso: string) => new Date(iso);
const dates = async (id: number) => (await t.world.periodsOf(id)).map((p) => p.date);
/** A contract starting on a future date (the job's clock is moved to it). */
const future = (over: Partial<ContractBody>) => t.world.createContract(over);

describe('the contract billing job', () => {
  it('bills a contract that starts today on today’s billing day today, due that day, once', async () => {
    const c = await t.world.createContract({ billingDay: Number(t.world.today.slice(8)), amount: 321.5 });
    expect(c.nextBillingDate).toBe(t.world.today);
    await drain();
    const periods = await t.world.periodsOf(c.id);
    expect(periods).toEqual([
      expect.objectContaining({
        date: t.world.today,
        dueDate: t.world.today,
        amountCents: 32150,
        receivableCents: 32150,
        state: InvoiceState.Completed,
        subtotalCents: 32150,
        nfseStatus: 'none',
      }),
    ]);
    // Run again: nothing more; the next period is a month on.
    expect(await drain()).toBe(0);
    expect(await dates(c.id)).toEqual([t.world.today]);
    const detail = (await t.world.contracts('GET', `/${c.id}`)).json();
    expect(detail.nextBillingDate > t.world.today).toBe(true);
    expect(detail.periods).toEqual([expect.objectContaining({ date: t.world.today, amount: 321.5, paid: false })]);
    // The instalment is on the receivables screen, and its order's e-mail is queued, then sent once.
    const orgId = t.org.organization.id;
    const list = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${orgId}/receivables?from=${t.world.today}&to=${t.world.today}&take=100`,
      headers: t.org.as(t.org.admin.token),
    });
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        invoiceId: periods[0]!.invoiceId,
        amount: 321.5,
        dueDate: t.world.today,
        status: 'open',
      }),
    );
    while (await sendQueuedOrderEmails(t.ctx.database.db, t.ctx.app.log, { mailer, mailFrom: 'cobranca@oc.test' }));
    const mine = sent.filter((m) => m.subject.includes(`contrato nº ${c.id} `));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.to).toEqual([`cliente-${orgId}@exemplo.com.br`]);
    expect(mine[0]!.html).toMatch(/R\$\s321,50/);
    expect(await sendQueuedOrderEmails(t.ctx.database.db, t.ctx.app.log, { mailer, mailFrom: 'x@oc.test' })).toBe(0);
  });

  it('catches up a contract started in the past: each due period once, due on its billing day', async () => {
    const start = addDays(t.world.today, -75);
    const c = await t.world.createContract({ startDate: start, billingDay: Number(start.slice(8)) });
    await drain();
    const periods = await t.world.periodsOf(c.id);
    expect(periods.length).toBeGreaterThanOrEqual(3);
    expect(periods[0]!.date).toBe(start);
    expect(periods.every((p) => p.date <= t.world.today && p.dueDate === p.date)).toBe(true);
    expect(new Set(periods.map((p) => p.invoiceId)).size).toBe(periods.length);
  });

  it('the 31st falls on the last day of shorter months, 29 February in a leap year', async () => {
    const c = await future({ startDate: '2027-12-15', billingDay: 31 });
    const leap = await future({ startDate: '2028-01-20', billingDay: 30 });
    await drain(at('2028-04-01T15:00:00Z'));
    expect(await dates(c.id)).toEqual(['2027-12-31', '2028-01-31', '2028-02-29', '2028-03-31']);
    expect(await dates(leap.id)).toEqual(['2028-01-30', '2028-02-29', '2028-03-30']);
    const plain = await future({ startDate: '2029-02-01', billingDay: 29 });
    await drain(at('2029-03-30T15:00:00Z'));
    expect(await dates(plain.id)).toEqual(['2029-02-28', '2029-03-29']);
  });

  it('the billing day is the organization’s: not before it begins in its zone', async () => {
    const c = await future({ startDate: '2027-05-10', billingDay: 10 });
    // 23:30 on the 9th in São Paulo (02:30 UTC on the 10th): not yet.
    await drain(at('2027-05-10T02:30:00Z'));
    expect(await dates(c.id)).toEqual([]);
    await drain(at('2027-05-10T03:30:00Z'));
    expect(await dates(c.id)).toEqual(['2027-05-10']);
    // An organization in Tokyo has the 10th of June while UTC still has the 9th.
    const { theirs } = t;
    const tokyo = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.other.organization.id}/contracts`,
      headers: t.other.as(t.other.admin.token),
      payload: {
        company: theirs.company.id,
        customer: theirs.customer.id,
        amount: 99,
        billingDay: 10,
        startDate: '2027-06-01',
      },
    });
    await theirs.setTimeZone('Asia/Tokyo');
    const id = tokyo.json().id as number;
    await drain(at('2027-06-09T14:30:00Z'));
    expect(await theirs.periodsOf(id)).toEqual([]);
    await drain(at('2027-06-09T15:30:00Z'));
    expect((await theirs.periodsOf(id)).map((p) => p.date)).toEqual(['2027-06-10']);
    // The São Paulo contract's June period is not due yet at that instant.
    expect(await dates(c.id)).toEqual(['2027-05-10']);
  });

  it('suspended and ended contracts bill nothing; active again, they bill from today on', async () => {
    const start = addDays(t.world.today, -40);
    const day = Number(start.slice(8));
    const suspended = await t.world.createContract({ startDate: start, billingDay: day, status: 'suspenso' });
    const ended = await t.world.createContract({ startDate: start, billingDay: day, status: 'encerrado' });
    const past = await t.world.createContract({
      startDate: start,
      billingDay: day,
      endDate: addDays(start, 5),
    });
    await drain();
    expect(await dates(suspended.id)).toEqual([]);
    expect(await dates(ended.id)).toEqual([]);
    // Ended by its end date: the first period only.
    expect(await dates(past.id)).toEqual([start]);
    expect((await t.world.contracts('GET', `/${past.id}`)).json().nextBillingDate).toBeNull();
    // Made active again: what fell due while suspended is not charged.
    const resumed = await t.world.contracts(
      'PUT',
      `/${suspended.id}`,
      t.world.body({ startDate: start, billingDay: day }),
    );
    expect(resumed.json().nextBillingDate > t.world.today).toBe(true);
    await drain();
    expect(await dates(suspended.id)).toEqual([]);
  });

  it('two runs at once bill each period exactly once', async () => {
    const start = addDays(t.world.today, -95);
    const made = await contractsFrom(start, 6);
    const [a, b] = await Promise.all([drain(undefined, t.ctx.database.db, 2), drain(undefined, t.ctx.database.db, 2)]);
    await expectEachPeriodOnce(made, a + b, 18);
  });

  it('after a restart that lost the next billing date, no period is billed twice', async () => {
    const start = addDays(t.world.today, -65);
    const c = await t.world.createContract({ startDate: start, billingDay: Number(start.slice(8)) });
    await drain();
    const first = await t.world.periodsOf(c.id);
    // As if the process had died before the contract's next date was written: it points back at the start.
    await t.ctx.database.db
      .update(schema.contracts)
      .set({ nextBillingDate: start })
      .where(eq(schema.contracts.id, c.id));
    expect(await drain()).toBe(0);
    expect(await t.world.periodsOf(c.id)).toEqual(first);
    // The database itself refuses a second row for a period.
    const copy = t.ctx.database.db.execute(
      sql`INSERT INTO contract_periods (organization_id, contract_id, period_date, amount_cents)
          VALUES (${t.org.organization.id}, ${c.id}, ${start}, 100)`,
    );
    await expect(copy).rejects.toThrow();
  });

  it('issues the period’s NFS-e when the contract says so, and keeps why it could not', async () => {
    const c = await t.world.createContract({ billingDay: Number(t.world.today.slice(8)), issueNfse: true });
    await drain();
    expect((await t.world.periodsOf(c.id))[0]).toMatchObject({ nfseStatus: 'pending' });
    while (await issuePendingNfse(t.ctx.database.db));
    // The company has no fiscal settings: the NFS-e feature refused, and the period says why.
    const [period] = await t.world.periodsOf(c.id);
    expect(period).toMatchObject({ nfseStatus: 'failed' });
    expect(period!.nfseError).toMatch(/NFS-e|fiscal|configur/i);
  });
});

describe.runIf(inject('testDb').kind === 'postgres')('the contract billing job on two instances', () => {
  it('two server instances on one database bill each period exactly once', async () => {
    const second = await createSecondInstance(t.ctx);
    try {
      const start = addDays(t.world.today, -125);
      const made = await contractsFrom(start, 5);
      const [a, b] = await Promise.all([
        drain(undefined, t.ctx.database.db, 1),
        drain(undefined, second.database.db, 1),
      ]);
      await expectEachPeriodOnce(made, a + b, 20);
    } finally {
      await second.close();
    }
  });
});
