import { describe, expect, it } from 'vitest';
import { addDays, contractAnniversary, contractMessages as msg, versionMessages } from '@ordem-certa/contracts';
import { expectEachRoute, perFile } from '../../../test/helpers.ts';
import { contractWorld } from '../../../test/contract-fixtures.ts';
import { billDueContracts } from './contract-billing.ts';

// Maintenance contracts: the register (create, read, edit with its version), the list with its
// filters, total, monthly recurring revenue and CSV, and the readjustment on the anniversary.
const t = perFile({ other: true, world: contractWorld });

const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;

describe('contracts: access', () => {
  it('401 without a token, 403 for a collaborator, 404 for another organization’s contract', async () => {
    const contract = await t.world.createContract();
    const base = `/api/organizations/${t.org.organization.id}/contracts`;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', ''],
      ['GET', '/csv'],
      ['POST', '', t.world.body()],
      ['GET', `/${contract.id}`],
      ['PUT', `/${contract.id}`, t.world.body()],
      ['POST', `/${contract.id}/readjustments`, { percent: 4.5 }],
    ];
    await expectEachRoute(t.ctx, routes, 401, base);
    await expectEachRoute(t.ctx, routes, 403, base, t.org.as(t.org.worker.token));
    const theirs = `/api/organizations/${t.other.organization.id}/contracts`;
    await expectEachRoute(t.ctx, routes.slice(3), 404, theirs, t.other.as(t.other.admin.token));
    // Their list does not hold ours.
    const list = await t.ctx.app.inject({ method: 'GET', url: theirs, headers: t.other.as(t.other.admin.token) });
    expect(list.json().data.map((c: { id: number }) => c.id)).not.toContain(contract.id);
    expect((await t.world.contracts('GET', `/${contract.id}`)).json()).toMatchObject({ amount: 450 });
  });
});

describe('contracts: register', () => {
  it('creates with the fields of the form, monthly by default, and reads it', async () => {
    const plan = await t.world.createPlan();
    const c = await t.world.createContract({
      plans: [plan.id],
      billingDay: 31,
      startDate: addDays(t.world.today, 3),
      endDate: addDays(t.world.today, 400),
      issueNfse: true,
      notes: 'Chave do quadro com o zelador',
      holdVisitsAfterDays: 15,
    });
    expect(c).toMatchObject({
      company: { id: t.world.company.id },
      customer: { id: t.world.customer.id, name: t.world.customer.name },
      plans: [{ id: plan.id, label: `Plano nº ${plan.id} (Mensal)` }],
      amount: 450,
      periodicity: 'monthly',
      billingDay: 31,
      endDate: addDays(t.world.today, 400),
      readjustmentIndex: 'IPCA',
      issueNfse: true,
      status: 'ativo',
      notes: 'Chave do quadro com o zelador',
      holdVisitsAfterDays: 15,
      readjustments: [],
      periods: [],
      version: 1,
      nextReadjustmentDate: contractAnniversary(addDays(t.world.today, 3), 1),
    });
    // The first period: the first 31st (or the month's last day) on or after the start.
    expect(c.nextBillingDate! >= c.startDate).toBe(true);
    expect(Number(c.nextBillingDate!.slice(8))).toBeGreaterThanOrEqual(28);
    expect((await t.world.contracts('GET', `/${c.id}`)).json()).toEqual(c);
  });

  it('refuses bad input with 422 on each field, and writes nothing', async () => {
    const before = (await t.world.contracts('GET')).json().meta.total;
    const theirPlan = await t.world.createPlan({
      customer: t.world.otherCustomer.id,
      equipments: [t.world.otherEquipment.id],
    });
    const res = await t.world.contracts('POST', '', {
      ...t.world.body({ billingDay: 32, amount: 0, endDate: addDays(t.world.today, -1) }),
      plans: [theirPlan.id],
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toMatchObject({
      billingDay: [msg.billingDayRange],
      amount: [msg.amountPositive],
      endDate: [msg.endBeforeStart],
    });
    const plans = await t.world.contracts('POST', '', { ...t.world.body(), plans: [theirPlan.id] });
    expect(plans.statusCode).toBe(422);
    expect(errorsOf(plans)).toEqual({ 'plans.0': [msg.planNotOfCustomer] });
    const old = await t.world.contracts('POST', '', t.world.body({ startDate: addDays(t.world.today, -400) }));
    expect(errorsOf(old)).toEqual({ startDate: [msg.startTooOld] });
    const theirs = await t.world.contracts('POST', '', t.world.body({ company: t.theirs.company.id }));
    expect(errorsOf(theirs)).toEqual({ company: [msg.companyNotFound] });
    expect((await t.world.contracts('GET')).json().meta.total).toBe(before);
  });

  it('edits against the version loaded; an older version is a 409 that changes nothing', async () => {
    const c = await t.world.createContract();
    const edited = await t.world.contracts('PUT', `/${c.id}`, t.world.body({ amount: 500, version: c.version }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ amount: 500, version: 2 });
    const stale = await t.world.contracts('PUT', `/${c.id}`, t.world.body({ amount: 600, version: c.version }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([versionMessages.changedByOther]);
    expect(stale.json().conflict).toMatchObject({ version: 2, changed: ['amount'], current: { amount: 500 } });
    expect((await t.world.contracts('GET', `/${c.id}`)).json()).toMatchObject({ amount: 500, version: 2 });
    // Ending stamps when; active again clears it.
    const ended = await t.world.contracts('PUT', `/${c.id}`, t.world.body({ amount: 500, status: 'encerrado' }));
    expect(ended.json().endedAt).not.toBeNull();
    expect(ended.json().nextBillingDate).toBeNull();
  });
});

describe('contracts: list', () => {
  it('pages with the real total, searches, filters and sums the monthly recurring revenue', async () => {
    const tag = await t.world.createContract({ customer: t.world.otherCustomer.id, amount: 300 });
    await t.world.createContract({ customer: t.world.otherCustomer.id, amount: 1200, periodicity: 'quarterly' });
    await t.world.createContract({ customer: t.world.otherCustomer.id, amount: 999, status: 'suspenso' });
    const q = encodeURIComponent(t.world.otherCustomer.name);
    const all = (await t.world.contracts('GET', `?q=${q}&take=2`)).json();
    expect(all.meta).toEqual({ total: 3, skip: 0, take: 2, mrr: 300 + 400 });
    expect(all.data).toHaveLength(2);
    const second = (await t.world.contracts('GET', `?q=${q}&take=2&skip=2`)).json();
    expect(second.data).toHaveLength(1);
    const suspended = (await t.world.contracts('GET', `?q=${q}&status=suspenso`)).json();
    expect(suspended.meta).toMatchObject({ total: 1, mrr: 0 });
    expect(suspended.data[0]).toMatchObject({ amount: 999, status: 'suspenso', nextBillingDate: null });
    const quarterly = (await t.world.contracts('GET', `?q=${q}&periodicity=quarterly`)).json();
    expect(quarterly.data.map((c: { amount: number }) => c.amount)).toEqual([1200]);
    const byNumber = (await t.world.contracts('GET', `?q=${tag.id}`)).json();
    expect(byNumber.data.map((c: { id: number }) => c.id)).toContain(tag.id);
    const bad = await t.world.contracts('GET', '?status=cancelado');
    expect(bad.statusCode).toBe(422);

    const csv = await t.world.contracts('GET', `/csv?q=${q}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Contrato;Cliente;Empresa;Valor por período;Periodicidade;Dia de cobrança;Início;Fim;Situação;Próxima cobrança',
    );
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes('Trimestral'))).toMatch(/;1\.?200,00;/);
  });
});

describe('contracts: readjustment', () => {
  it('on the anniversary, once, kept in the history; the next period charges the new amount', async () => {
    // Started a year ago today: today is the first anniversary.
    const start = contractAnniversary(t.world.today, -1);
    const c = await t.world.createContract({
      startDate: start,
      billingDay: Number(t.world.today.slice(8)),
      amount: 200,
    });
    // Catch the year up first (at the old amount).
    while ((await billDueContracts(t.ctx.database.db)).claimed);
    const res = await t.world.contracts('POST', `/${c.id}/readjustments`, { percent: 4.62 });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.amount).toBe(209.24);
    expect(after.readjustments).toEqual([
      expect.objectContaining({
        anniversary: t.world.today,
        indexName: 'IPCA',
        percent: 4.62,
        amountBefore: 200,
        amountAfter: 209.24,
        userName: 'Admin Teste',
      }),
    ]);
    expect(after.nextReadjustmentDate).toBe(contractAnniversary(start, 2));
    // The second anniversary has not come: 409, nothing changed.
    const again = await t.world.contracts('POST', `/${c.id}/readjustments`, { percent: 3 });
    expect(again.statusCode).toBe(409);
    expect((await t.world.contracts('GET', `/${c.id}`)).json()).toMatchObject({ amount: 209.24 });
    const bad = await t.world.contracts('POST', `/${c.id}/readjustments`, { percent: 1.234 });
    expect(errorsOf(bad)).toEqual({ percent: [msg.percentDecimals] });
    // The periods before stay at the old amount; the next one is charged the new.
    const next = after.nextBillingDate as string;
    while ((await billDueContracts(t.ctx.database.db, { now: new Date(`${next}T15:00:00Z`) })).claimed);
    const periods = (await t.world.contracts('GET', `/${c.id}`)).json().periods as Array<{
      date: string;
      amount: number;
    }>;
    expect(periods[0]).toMatchObject({ date: next, amount: 209.24 });
    expect(periods.slice(1).every((p) => p.amount === 200)).toBe(true);
  });

  it('before the anniversary is a 409', async () => {
    const c = await t.world.createContract({ startDate: addDays(contractAnniversary(t.world.today, -1), 1) });
    const res = await t.world.contracts('POST', `/${c.id}/readjustments`, { percent: 4 });
    expect(res.statusCode).toBe(409);
    expect((await t.world.contracts('GET', `/${c.id}`)).json().readjustments).toEqual([]);
  });
});
