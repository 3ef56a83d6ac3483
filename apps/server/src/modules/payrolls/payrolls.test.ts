import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { noFeatures, allFeatures, payrollMessages, ROLE_ADMIN, ROLE_USER } from '@ordem-certa/contracts';
import { DEMO_PASSWORD, generatePayroll, schema } from '@ordem-certa/db';
import { createOrg, type TestOrg, perFile, addCompany } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { isUniqueViolation } from '../../lib/errors.ts';
import { pdfText } from '@ordem-certa/test-support/pdf-text';

const t = perFile({ world: invoiceWorld });

type Method = 'GET' | 'POST' | 'DELETE';
const call = (o: TestOrg, token: string, method: Method, rest: string, payload?: object) =>
  t.ctx.app.inject({
    method,
    url: `/api/organizations/${o.organization.id}/payrolls${rest}`,
    headers: o.as(token),
    ...(payload ? { payload } : {}),
  });
const admin = (method: Method, rest: string, payload?: object) => call(t.org, t.org.admin.token, method, rest, payload);

async function technician(paymentValueCents: number) {
  const user = await t.world.newUser();
  await t.ctx.database.db.update(schema.users).set({ paymentValueCents }).where(eq(schema.users.id, user.id));
  return user;
}

/** A company of its own, so each test's periods only meet that test's orders. */
const newCompany = (organizationId = t.org.organization.id) => addCompany(t.ctx, organizationId, 'Filial Teste Ltda');

/**
 * A Completed order of the company with these workers (in this order), bonus and half-pay flag,
 * finished at the given instant (set directly: the API stamps "now").
 */
async function completedOrder(opts: {
  companyId: number;
  workers: number[];
  finishedAt: string;
  bonus?: number;
  half?: boolean;
  complete?: boolean;
}) {
  const res = await t.world.admin('POST', '', {
    company: opts.companyId,
    customer: t.world.customer.id,
    transactionNature: t.world.nature.id,
  });
  const { id, number } = res.json() as { id: number; number: number };
  await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
  await t.world.workOn(id, opts);
  return { id, number };
}

async function allLines(payrollId: number) {
  const res = await admin('GET', `/${payrollId}/workers?take=100`);
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<{
    id: number;
    invoiceId: number;
    invoiceNumber: number;
    workerId: number;
    workerName: string;
    value: number;
    paidAt: string | null;
  }>;
}

const generate = (companyId: number, startDate: string, endDate: string) =>
  admin('POST', '', { company: companyId, startDate, endDate });

/** A generation in a transaction of its own, held open until `release()`: returned once it has generated. */
async function heldGeneration(companyId: number, startDate: string, endDate: string) {
  let generated!: () => void;
  const ready = new Promise<void>((resolve) => (generated = resolve));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const result = t.ctx.database.db.transaction(async (tx) => {
    const made = await generatePayroll(tx, {
      organizationId: t.org.organization.id,
      companyId,
      startDate,
      endDate,
      createdById: t.org.admin.id,
    });
    generated();
    await held;
    return made;
  });
  await ready;
  return { result, release };
}

/** Expects `second` to be still waiting 400 ms on (blocked behind `first`), then lets `first` commit: both results. */
async function waitsBehind<T>(first: Awaited<ReturnType<typeof heldGeneration>>, second: Promise<T>) {
  let settled = false;
  const tracked = second.finally(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(settled).toBe(false);
  first.release();
  return Promise.all([first.result, tracked]);
}

describe('access', () => {
  it('401 without a token', async () => {
    const res = await t.ctx.app.inject({ method: 'GET', url: `/api/organizations/${t.org.organization.id}/payrolls` });
    expect(res.statusCode).toBe(401);
  });

  it("another organization's id → 404", async () => {
    const company = await newCompany();
    const tech = await technician(5000);
    await completedOrder({ companyId: company.id, workers: [tech.id], finishedAt: '2025-01-10T15:00:00Z' });
    const created = await generate(company.id, '2025-01-01', '2025-01-31');
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const [line] = await allLines(id);

    const other = await createOrg(t.ctx);
    const as = (method: Method, rest: string, payload?: object) =>
      call(other, other.admin.token, method, rest, payload);
    for (const [method, rest] of [
      ['GET', `/${id}`],
      ['GET', `/${id}/workers`],
      ['POST', `/${id}/workers/${line!.id}/pay`],
      ['POST', `/${id}/workers/${tech.id}/pdf`],
      ['DELETE', `/${id}`],
    ] as const) {
      const res = await as(method, rest);
      expect(res.statusCode, `${method} ${rest}`).toBe(404);
    }
    // Nor can it generate a payroll of this organization's company.
    const foreign = await as('POST', '', { company: company.id, startDate: '2025-01-01', endDate: '2025-01-31' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ company: ['Empresa não encontrada'] });
    expect((await allLines(id))[0]!.paidAt).toBeNull();
    expect((await as('GET', '')).json().meta.total).toBe(0);
    // The path's organization must be the token's.
    const cross = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${t.org.organization.id}/payrolls`,
      headers: other.as(other.admin.token),
    });
    expect(cross.statusCode).toBe(403);
  });

  it('403 for collaborators and for organizations without the payroll feature', async () => {
    const lite = await createOrg(t.ctx, { features: { ...allFeatures, payroll: false } });
    const routes = [
      ['GET', ''],
      ['POST', ''],
      ['GET', '/pending'],
      ['GET', '/1'],
      ['DELETE', '/1'],
      ['GET', '/1/workers'],
      ['POST', '/1/workers/1/pay'],
      ['POST', '/1/workers/1/pdf'],
    ] as const;
    for (const [method, rest] of routes) {
      const asWorker = await call(t.org, t.org.worker.token, method, rest, {});
      expect(asWorker.statusCode, `worker ${method} ${rest}`).toBe(403);
      const noFeature = await call(lite, lite.admin.token, method, rest, {});
      expect(noFeature.statusCode, `lite ${method} ${rest}`).toBe(403);
      expect(noFeature.json().errors).toEqual(['Este recurso não está disponível para a sua organização.']);
    }
    const none = await createOrg(t.ctx, { features: noFeatures });
    expect((await call(none, none.admin.token, 'GET', '')).statusCode).toBe(403);
  });
});

describe('generation', () => {
  it('values: payment value, half pay, the bonus split evenly with the leftover cents to the first workers', async () => {
    const company = await newCompany();
    const ana = await technician(10000);
    const bia = await technician(7551);
    const caio = await technician(3000);
    const one = await completedOrder({
      companyId: company.id,
      workers: [ana.id, bia.id],
      bonus: 10.01,
      finishedAt: '2025-02-03T12:00:00Z',
    });
    const two = await completedOrder({
      companyId: company.id,
      workers: [ana.id],
      half: true,
      finishedAt: '2025-02-04T12:00:00Z',
    });
    // 2 cents among 3 workers: one cent each to the first two put on the order.
    const three = await completedOrder({
      companyId: company.id,
      workers: [caio.id, bia.id, ana.id],
      half: true,
      bonus: 0.02,
      finishedAt: '2025-02-05T12:00:00Z',
    });
    const res = await generate(company.id, '2025-02-01', '2025-02-28');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      companyId: company.id,
      companyName: 'Filial Teste Ltda',
      startDate: '2025-02-01',
      endDate: '2025-02-28',
      canRemove: true,
      lines: 6,
    });
    const lines = await allLines(body.id);
    const value = (invoiceId: number, workerId: number) =>
      lines.find((l) => l.invoiceId === invoiceId && l.workerId === workerId)?.value;
    expect(value(one.id, ana.id)).toBe(105.01); // 100.00 + 5.00 + the odd cent (first on the order)
    expect(value(one.id, bia.id)).toBe(80.51); // 75.51 + 5.00
    expect(value(two.id, ana.id)).toBe(50);
    expect(value(three.id, caio.id)).toBe(15.01); // 30.00 / 2 + 0.01
    expect(value(three.id, bia.id)).toBe(37.77); // 75.51 / 2 = 37.755 → 37.76, + 0.01
    expect(value(three.id, ana.id)).toBe(50); // 100.00 / 2, no cent left
    const total = 105.01 + 80.51 + 50 + 15.01 + 37.77 + 50;
    expect(body.total).toBeCloseTo(total, 2);
    const detail = (await admin('GET', `/${body.id}`)).json();
    expect(detail).toMatchObject({ lines: 6, paidLines: 0, paidTotal: 0 });
    expect(detail.total).toBeCloseTo(total, 2);
    expect(detail.workers.map((w: { id: number }) => w.id).sort()).toEqual([ana.id, bia.id, caio.id].sort());
    // The bonus shares of an order add up to its bonus exactly.
    expect(value(one.id, ana.id)! + value(one.id, bia.id)! - 100 - 75.51).toBeCloseTo(10.01, 2);

    const log = await t.ctx.database.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.entity, 'payroll'), eq(schema.auditLogs.entityId, body.id)));
    expect(log.map((r) => r.action)).toEqual(['create']);
    expect(log[0]!.userId).toBe(t.org.admin.id);
    // The trail names the company in words, not by its id.
    expect(log[0]!.data).toContainEqual({ field: 'company', before: null, after: 'Filial Teste Ltda' });
  });

  it('leaves out orders outside the period (in the organization time zone), not completed, of another company, already paid or already in a payroll', async () => {
    const company = await newCompany();
    const otherCompany = await newCompany();
    const tech = await technician(2000);
    const order = (finishedAt: string, opts: { companyId?: number; complete?: boolean } = {}) =>
      completedOrder({ companyId: company.id, workers: [tech.id], finishedAt, ...opts });
    // São Paulo is UTC-3: 2025-03-31 23:30 there is 2025-04-01 02:30 UTC.
    const lastMinute = await order('2025-04-01T02:30:00Z');
    const firstMinute = await order('2025-03-01T03:00:00Z');
    const before = await order('2025-03-01T02:59:00Z');
    const after = await order('2025-04-01T03:00:00Z');
    const otherCo = await order('2025-03-10T12:00:00Z', { companyId: otherCompany.id });
    const open = await order('2025-03-10T12:00:00Z', { complete: false });
    // A worker line already paid some other way (imported data) is not paid twice.
    const paidElsewhere = await order('2025-03-15T12:00:00Z');
    await t.ctx.database.db
      .update(schema.invoiceWorkers)
      .set({ paidAt: new Date('2025-03-20T12:00:00Z') })
      .where(eq(schema.invoiceWorkers.invoiceId, paidElsewhere.id));
    const res = await generate(company.id, '2025-03-01', '2025-03-31');
    expect(res.statusCode).toBe(201);
    const ids = (await allLines(res.json().id)).map((l) => l.invoiceId).sort();
    expect(ids).toEqual([lastMinute.id, firstMinute.id].sort());
    for (const left of [before, after, otherCo, open, paidElsewhere]) expect(ids).not.toContain(left.id);

    // An overlapping period takes only what no payroll holds yet.
    const wider = await generate(company.id, '2025-02-01', '2025-04-30');
    expect(wider.statusCode).toBe(201);
    expect((await allLines(wider.json().id)).map((l) => l.invoiceId).sort()).toEqual([before.id, after.id].sort());

    // Nothing left: says so and keeps no empty payroll.
    const count = async () =>
      t.ctx.database.db.$count(schema.payrolls, eq(schema.payrolls.organizationId, t.org.organization.id));
    const payrollsBefore = await count();
    const empty = await generate(company.id, '2025-01-01', '2025-12-31');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors._[0]).toMatch(/^Nenhuma ordem de serviço concluída/);
    expect(await count()).toBe(payrollsBefore);
  });

  it('422 on the fields, nothing created', async () => {
    const company = await newCompany();
    const cases: Array<[object, Record<string, string[]>]> = [
      [
        {},
        { company: ['Selecione a empresa'], startDate: ['Informe a data inicial'], endDate: ['Informe a data final'] },
      ],
      [
        { company: company.id, startDate: '2025-05-10', endDate: '2025-05-09' },
        { endDate: ['A data final deve ser igual ou posterior à data inicial'] },
      ],
      [
        { company: company.id, startDate: '2024-01-01', endDate: '2025-01-01' }, // 367 days
        { endDate: ['O período pode ter no máximo 366 dias'] },
      ],
      [
        { company: company.id, startDate: '10/05/2025', endDate: '2025-02-30' },
        {
          startDate: ['Informe a data inicial'],
          endDate: ['Informe a data final'],
        },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await admin('POST', '', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
  });

  it('concurrent generations over overlapping periods never put an order worker line in two payrolls', async () => {
    const company = await newCompany();
    const techs = [await technician(1000), await technician(2000)];
    const orders = [];
    for (let n = 0; n < 12; n++) {
      orders.push(
        await completedOrder({
          companyId: company.id,
          workers: techs.map((tech) => tech.id),
          finishedAt: `2025-06-${String(n + 1).padStart(2, '0')}T15:00:00Z`,
        }),
      );
    }
    const periods = [
      ['2025-06-01', '2025-06-30'],
      ['2025-06-05', '2025-06-12'],
      ['2025-05-20', '2025-06-08'],
      ['2025-06-01', '2025-06-30'],
    ] as const;
    const results = await Promise.all(periods.map(([s, e]) => generate(company.id, s, e)));
    for (const r of results) expect([201, 422], r.body).toContain(r.statusCode);
    const created = results.filter((r) => r.statusCode === 201).map((r) => r.json().id as number);
    expect(created.length).toBeGreaterThan(0);
    const lines = (await Promise.all(created.map(allLines))).flat();
    const keys = lines.map((l) => `${l.invoiceId}:${l.workerId}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(orders.length * techs.length);
  });

  it('a generation that starts while another is still open waits for it and takes nothing twice', async () => {
    const company = await newCompany();
    const tech = await technician(1000);
    for (let n = 0; n < 3; n++)
      await completedOrder({ companyId: company.id, workers: [tech.id], finishedAt: `2025-06-1${n}T15:00:00Z` });
    // The first generation runs in a transaction held open until the second one has been sent.
    const first = await heldGeneration(company.id, '2025-06-01', '2025-06-30');
    const [firstResult, secondRes] = await waitsBehind(first, generate(company.id, '2025-06-10', '2025-06-20'));
    expect(firstResult).toMatchObject({ lines: 3 });
    expect(secondRes.statusCode, secondRes.body).toBe(422);
  });

  it("generations for one company take turns on the company's row, even when they share no order", async () => {
    const company = await newCompany();
    const other = await newCompany();
    const tech = await technician(1000);
    await completedOrder({ companyId: company.id, workers: [tech.id], finishedAt: '2025-06-02T15:00:00Z' });
    for (const day of ['11', '12'])
      await completedOrder({ companyId: company.id, workers: [tech.id], finishedAt: `2025-06-${day}T15:00:00Z` });
    await completedOrder({ companyId: other.id, workers: [tech.id], finishedAt: '2025-06-11T15:00:00Z' });
    // The first generation (1–10 June: the order of the 2nd only) stays open until told to commit.
    const first = await heldGeneration(company.id, '2025-06-01', '2025-06-10');
    // An overlapping period (5–20 June) whose orders (11th and 12th) the first one does not hold: only
    // the company's row lock makes it wait.
    const second = generate(company.id, '2025-06-05', '2025-06-20');
    if (process.env.TEST_DB === 'postgres') {
      // Another company's generation does not wait (PGlite runs one transaction at a time, so this
      // part only holds on PostgreSQL).
      const elsewhere = await generate(other.id, '2025-06-01', '2025-06-30');
      expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    }
    const [firstResult, secondRes] = await waitsBehind(first, second);
    expect(firstResult).toMatchObject({ lines: 1 });
    expect(secondRes.statusCode, secondRes.body).toBe(201);
    expect(await allLines(secondRes.json().id)).toHaveLength(2);
  });

  it('the database refuses a second line for the same order worker', async () => {
    const company = await newCompany();
    const tech = await technician(1000);
    await completedOrder({ companyId: company.id, workers: [tech.id], finishedAt: '2025-05-10T15:00:00Z' });
    const created = [(await generate(company.id, '2025-05-01', '2025-05-31')).json().id as number];
    const [taken] = await t.ctx.database.db
      .select()
      .from(schema.payrollLines)
      .where(eq(schema.payrollLines.payrollId, created[0]!))
      .limit(1);
    const [another] = await t.ctx.database.db
      .insert(schema.payrolls)
      .values({
        organizationId: t.org.organization.id,
        companyId: company.id,
        startDate: '2025-05-01',
        endDate: '2025-05-31',
      })
      .returning();
    const error = await t.ctx.database.db
      .insert(schema.payrollLines)
      .values({ ...taken!, id: undefined, payrollId: another!.id })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(error, 'payroll_lines_invoice_worker_key')).toBe(true);
  });
});

describe('pending, paying and deleting', () => {
  it("'Verificar pendências' lists completed orders with unpaid workers in no payroll", async () => {
    const company = await newCompany();
    const tech = await technician(1500);
    const order = await completedOrder({
      companyId: company.id,
      workers: [tech.id],
      finishedAt: '2025-07-02T12:00:00Z',
    });
    // The search by number also matches other companies' and customers' names holding those digits:
    // only this order's row is looked at.
    const pending = async () =>
      (
        (await admin('GET', `/pending?q=${order.number}`)).json().data as Array<{
          invoiceId: number;
          workers: string[];
        }>
      ).filter((p) => p.invoiceId === order.id);
    expect(await pending()).toEqual([
      expect.objectContaining({ invoiceId: order.id, invoiceNumber: order.number, workers: [tech.name] }),
    ]);
    const res = await generate(company.id, '2025-07-01', '2025-07-31');
    expect(res.statusCode).toBe(201);
    expect(await pending()).toEqual([]);
    // Deleting the (unpaid) payroll puts the order back.
    expect((await admin('DELETE', `/${res.json().id}`)).statusCode).toBe(204);
    expect((await pending()).map((p) => p.invoiceId)).toEqual([order.id]);
  });

  it('pays a line once: paidAt on it and on the order worker line; then the payroll cannot be deleted', async () => {
    const company = await newCompany();
    const ana = await technician(10000);
    const bia = await technician(5000);
    const order = await completedOrder({
      companyId: company.id,
      workers: [ana.id, bia.id],
      finishedAt: '2025-08-05T12:00:00Z',
    });
    const { id } = (await generate(company.id, '2025-08-01', '2025-08-31')).json();
    const lines = await allLines(id);
    const anaLine = lines.find((l) => l.workerId === ana.id)!;

    const paid = await admin('POST', `/${id}/workers/${anaLine.id}/pay`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ id: anaLine.id, workerId: ana.id, value: 100 });
    const paidAt = paid.json().paidAt as string;
    expect(Date.now() - Date.parse(paidAt)).toBeLessThan(60_000);

    const invoice = (await t.world.admin('GET', `/${order.id}`)).json();
    const workers = invoice.invoiceWorkers as Array<{ workerId: number; paidAt: string | null }>;
    expect(workers.find((w) => w.workerId === ana.id)!.paidAt).toBe(paidAt);
    expect(workers.find((w) => w.workerId === bia.id)!.paidAt).toBeNull();

    const again = await admin('POST', `/${id}/workers/${anaLine.id}/pay`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['Este pagamento já foi registrado']);
    expect((await allLines(id)).find((l) => l.id === anaLine.id)!.paidAt).toBe(paidAt);

    // A line of another payroll is not found through this one.
    expect((await admin('POST', `/${id + 1000}/workers/${anaLine.id}/pay`)).statusCode).toBe(404);

    const detail = (await admin('GET', `/${id}`)).json();
    expect(detail).toMatchObject({ canRemove: false, paidLines: 1, paidTotal: 100 });
    const list = (await admin('GET', `?q=${encodeURIComponent(company.identifier)}`)).json();
    expect(list.data).toEqual([expect.objectContaining({ id, canRemove: false })]);
    const del = await admin('DELETE', `/${id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().errors).toEqual(['Esta folha tem pagamentos registrados e não pode ser removida']);
    expect((await admin('GET', `/${id}`)).statusCode).toBe(200);

    // A reopened order keeps its workers that are in a payroll.
    expect((await t.world.admin('POST', `/${order.id}/start`)).statusCode).toBe(200);
    const biaLine = workers.find((w) => w.workerId === bia.id) as unknown as { id: number };
    const removal = await t.world.admin('DELETE', `/${order.id}/workers/${biaLine.id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().errors).toEqual([
      'Este colaborador está em uma folha de pagamento e não pode ser removido da ordem de serviço',
    ]);

    const log = await t.ctx.database.db
      .select({ action: schema.auditLogs.action })
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.entity, 'payroll'), eq(schema.auditLogs.entityId, id)))
      .orderBy(asc(schema.auditLogs.id));
    expect(log.map((r) => r.action)).toEqual(['create', 'update']);
  });

  it('deletes a payroll with no paid line, its lines with it, and audits it', async () => {
    const company = await newCompany();
    const tech = await technician(1000);
    await completedOrder({ companyId: company.id, workers: [tech.id], finishedAt: '2025-09-05T12:00:00Z' });
    const { id } = (await generate(company.id, '2025-09-01', '2025-09-30')).json();
    expect((await admin('DELETE', `/${id}`)).statusCode).toBe(204);
    expect((await admin('GET', `/${id}`)).statusCode).toBe(404);
    expect(await t.ctx.database.db.$count(schema.payrollLines, eq(schema.payrollLines.payrollId, id))).toBe(0);
    const log = await t.ctx.database.db
      .select({ action: schema.auditLogs.action, data: schema.auditLogs.data })
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.entity, 'payroll'), eq(schema.auditLogs.entityId, id)))
      .orderBy(asc(schema.auditLogs.id));
    expect(log.map((r) => r.action)).toEqual(['create', 'delete']);
    expect(log[1]!.data).toContainEqual({ field: 'company', before: 'Filial Teste Ltda', after: null });
    expect((await admin('DELETE', `/${id}`)).statusCode).toBe(404);
  });
});

describe('lines and pay slip', () => {
  it('filters by worker, searches name, nature and order number, pages with a real total', async () => {
    const company = await newCompany();
    const ana = await technician(1000);
    const bia = await technician(1000);
    const orders = [];
    for (let n = 0; n < 3; n++)
      orders.push(
        await completedOrder({
          companyId: company.id,
          workers: [ana.id, bia.id],
          finishedAt: `2025-10-0${n + 1}T12:00:00Z`,
        }),
      );
    const { id } = (await generate(company.id, '2025-10-01', '2025-10-31')).json();
    const get = async (qs: string) => (await admin('GET', `/${id}/workers?${qs}`)).json();
    const byWorker = await get(`worker=${bia.id}`);
    expect(byWorker.meta.total).toBe(3);
    expect(byWorker.data.every((l: { workerId: number }) => l.workerId === bia.id)).toBe(true);
    expect((await get(`q=${encodeURIComponent(ana.name.toUpperCase())}`)).meta.total).toBe(3);
    expect((await get(`q=${orders[1]!.number}`)).data.map((l: { invoiceId: number }) => l.invoiceId)).toEqual([
      orders[1]!.id,
      orders[1]!.id,
    ]);
    expect((await get('q=prestacao')).meta.total).toBe(6); // the nature, accent-insensitive
    const page2 = await get('take=4&skip=4');
    expect(page2.meta).toEqual({ total: 6, skip: 4, take: 4 });
    expect(page2.data).toHaveLength(2);
    expect((await get('skip=50')).meta.total).toBe(6);
    const line = page2.data[0];
    expect(line).toMatchObject({ transactionNature: 'Prestação de serviço', paidAt: null });
    expect(line.invoiceStartedAt).toBeTruthy();
    expect(line.invoiceFinishedAt).toBeTruthy();
  });

  it("opens a worker's pay slip through a short-lived signed link", async () => {
    const company = await newCompany();
    const tech = await technician(12345);
    const other = await technician(1000);
    const order = await completedOrder({
      companyId: company.id,
      workers: [tech.id],
      finishedAt: '2025-11-05T12:00:00Z',
    });
    const { id } = (await generate(company.id, '2025-11-01', '2025-11-30')).json();
    const [line] = await allLines(id);
    await admin('POST', `/${id}/workers/${line!.id}/pay`);

    const link = await admin('POST', `/${id}/workers/${tech.id}/pdf`);
    expect(link.statusCode).toBe(200);
    const url = link.json().url as string;
    expect(url).toMatch(
      new RegExp(`^/api/pdfs/payrolls/${id}/workers/${tech.id}\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`),
    );
    const res = await t.ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Filial Teste Ltda',
      tech.name,
      '01/11/2025 a 30/11/2025',
      String(order.number),
      'Prestação de serviço',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('123,45');
    expect(text).toMatch(/Pago em \d\d\/\d\d\/\d{4}/);

    // Another worker's slip with this token, a worker not in the payroll, a broken token: 404.
    const token = new URL(url, 'http://x').searchParams.get('token')!;
    for (const bad of [
      `/api/pdfs/payrolls/${id}/workers/${other.id}?token=${token}`,
      `/api/pdfs/payrolls/${id}/workers/${tech.id}?token=x${token}`,
    ]) {
      const r = await t.ctx.app.inject({ method: 'GET', url: bad });
      expect(r.statusCode, bad).toBe(404);
      expect(r.body).toContain('Link do holerite inválido');
    }
    expect((await admin('POST', `/${id}/workers/${other.id}/pdf`)).statusCode).toBe(404);
    const expired = await t.ctx.app.links.sign(
      'pay-slip',
      { pr: id, w: tech.id, org: t.org.organization.id, u: t.org.admin.id },
      -5,
    );
    const gone = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/pdfs/payrolls/${id}/workers/${tech.id}?token=${expired}`,
    });
    expect(gone.statusCode).toBe(410);
    // An order PDF token does not open a pay slip.
    const orderToken = await t.ctx.app.links.sign(
      'invoice-pdf',
      { pr: id, w: tech.id, org: t.org.organization.id },
      60,
    );
    expect(
      (
        await t.ctx.app.inject({
          method: 'GET',
          url: `/api/pdfs/payrolls/${id}/workers/${tech.id}?token=${orderToken}`,
        })
      ).statusCode,
    ).toBe(404);

    // The link works only while who made it is still active and their role still manages the payroll:
    // given a role without it (Técnico) or deactivated, it answers like an expired link; restored, it opens again.
    const u = schema.users;
    const roleOf = async (builtIn: string) => {
      const [row] = await t.ctx.database.db
        .select({ id: schema.roles.id })
        .from(schema.roles)
        .where(and(eq(schema.roles.organizationId, t.org.organization.id), eq(schema.roles.builtIn, builtIn)));
      return row!.id;
    };
    const [techRole, adminRole] = [await roleOf('technician'), await roleOf('admin')];
    const setAdmin = (values: Partial<typeof u.$inferInsert>) =>
      t.ctx.database.db.update(u).set(values).where(eq(u.id, t.org.admin.id));
    for (const change of [{ role: ROLE_USER, roleId: techRole }, { isActive: false }]) {
      await setAdmin(change);
      const r = await t.ctx.app.inject({ method: 'GET', url });
      await setAdmin({ role: ROLE_ADMIN, roleId: adminRole, isActive: true });
      expect(r.statusCode, JSON.stringify(change)).toBe(410);
      expect(r.body).toContain(payrollMessages.slipLinkExpired);
    }
    expect((await t.ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('demo data', () => {
  it('organization 1 has one payroll, partly paid; organization 102 has no payroll screen', async () => {
    const login = async (username: string) =>
      (
        await t.ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: DEMO_PASSWORD } })
      ).json().token as string;
    const demo = { authorization: `Bearer ${await login('admin@demo.com.br')}` };
    const list = (await t.ctx.app.inject({ url: '/api/organizations/1/payrolls', headers: demo })).json();
    expect(list.meta.total).toBe(1);
    const detail = (
      await t.ctx.app.inject({ url: `/api/organizations/1/payrolls/${list.data[0].id}`, headers: demo })
    ).json();
    expect(detail.paidLines).toBe(1);
    expect(detail.lines).toBeGreaterThan(1);
    expect(detail.canRemove).toBe(false);
    const pending = (await t.ctx.app.inject({ url: '/api/organizations/1/payrolls/pending', headers: demo })).json();
    expect(pending.meta.total).toBeGreaterThan(0);
    const lite = { authorization: `Bearer ${await login('admin@org102.com.br')}` };
    expect((await t.ctx.app.inject({ url: '/api/organizations/102/payrolls', headers: lite })).statusCode).toBe(403);
  });
});
