import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  describePayBasis,
  fromCents,
  InvoiceState,
  payrollMessages,
  type GeneratePayrollBody,
  type ListQuery,
  type Payroll,
  type PayrollDetail,
  type PayrollLine,
  type PayrollLinesQuery,
} from '@ordem-certa/contracts';
import { generatePayroll, schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict, invalid } from '../../lib/errors.ts';
import { audit } from '../../core/audit/audit.ts';
import { listPage, searchWhere } from '../../lib/list.ts';
import { partySearch } from '../../core/registers/parties.ts';
import { assertFound, type AuthContext } from '../../core/access/access.ts';

export type Actor = Pick<AuthContext, 'userId' | 'organizationId'>;

const {
  payrolls: p,
  payrollLines: l,
  companies: co,
  invoices: i,
  users: u,
  invoiceWorkers: iw,
  transactionNatures: tn,
} = schema;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- payrolls ------------------------------------------------------------------------------------

const payrollColumns = {
  id: p.id,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  companyId: p.companyId,
  companyType: co.type,
  companyIdentifier: co.identifier,
  companyName: co.name,
  companyAlias: co.alias,
  startDate: p.startDate,
  endDate: p.endDate,
  canRemove: sql<boolean>`NOT EXISTS (SELECT 1 FROM ${l} x WHERE x.payroll_id = ${p.id} AND x.paid_at IS NOT NULL)`,
};
type PayrollRow = { createdAt: Date; updatedAt: Date } & Omit<Payroll, 'createdAt' | 'updatedAt'>;
const toPayroll = (r: PayrollRow): Payroll => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
const ownPayroll = (organizationId: number, id: number) => and(eq(p.id, id), eq(p.organizationId, organizationId))!;

/** GET payrolls: latest period first; q over the company's name, alias, e-mail and CNPJ/CPF. */
export async function listPayrolls(db: Db, organizationId: number, query: ListQuery) {
  const where = and(eq(p.organizationId, organizationId), partySearch(co, query.q))!;
  return listPage(
    query,
    db
      .select(payrollColumns)
      .from(p)
      .innerJoin(co, eq(co.id, p.companyId))
      .where(where)
      .orderBy(desc(p.startDate), desc(p.id))
      .limit(query.take)
      .offset(query.skip),
    () => db.$count(db.select({ id: p.id }).from(p).innerJoin(co, eq(co.id, p.companyId)).where(where).as('c')),
    toPayroll,
  );
}

/** GET payrolls/{id}: the payroll, its totals, and the workers in it (for the worker filter). */
export async function getPayroll(db: Db, organizationId: number, id: number): Promise<PayrollDetail> {
  const [head] = await db
    .select(payrollColumns)
    .from(p)
    .innerJoin(co, eq(co.id, p.companyId))
    .where(ownPayroll(organizationId, id));
  const payroll = assertFound(head);
  const [totals, workers] = await Promise.all([
    db
      .select({
        lines: sql<number>`count(*)`.mapWith(Number),
        paidLines: sql<number>`count(${l.paidAt})`.mapWith(Number),
        total: sql<number>`coalesce(sum(${l.valueCents}), 0)`.mapWith(Number),
        paidTotal: sql<number>`coalesce(sum(${l.valueCents}) FILTER (WHERE ${l.paidAt} IS NOT NULL), 0)`.mapWith(
          Number,
        ),
      })
      .from(l)
      .where(eq(l.payrollId, id)),
    db
      .selectDistinct({ id: u.id, name: u.name, sort: sql`f_unaccent(lower(${u.name}))` })
      .from(l)
      .innerJoin(u, eq(u.id, l.workerId))
      .where(eq(l.payrollId, id))
      .orderBy(sql`f_unaccent(lower(${u.name}))`, asc(u.id)),
  ]);
  const t = totals[0]!;
  return {
    ...toPayroll(payroll),
    lines: t.lines,
    paidLines: t.paidLines,
    total: fromCents(t.total),
    paidTotal: fromCents(t.paidTotal),
    workers: workers.map(({ id: workerId, name }) => ({ id: workerId, name })),
  };
}

/**
 * POST payrolls: one transaction. The lines and their values are decided in one statement (see
 * generatePayroll for the rule); nothing to pay is a 422 and leaves no empty payroll behind.
 */
export async function createPayroll(db: Db, actor: Actor, body: GeneratePayrollBody) {
  const created = await db.transaction(async (tx) => {
    const result = await generatePayroll(tx, {
      organizationId: actor.organizationId,
      companyId: body.company,
      startDate: body.startDate,
      endDate: body.endDate,
      createdById: actor.userId,
    });
    // Throwing rolls the transaction back, the payroll row with it.
    if (result === null) throw invalid({ company: payrollMessages.companyNotFound });
    if (result === 'empty') throw invalid({ _: payrollMessages.nothingToPay });
    await audit(tx, actor, 'create', 'payroll', result.payroll.id, [
      { field: 'company', before: null, after: await companyName(tx, actor.organizationId, body.company) },
      { field: 'startDate', before: null, after: body.startDate },
      { field: 'endDate', before: null, after: body.endDate },
      { field: 'lines', before: null, after: result.lines },
      { field: 'total', before: null, after: fromCents(result.totalCents) },
    ]);
    return result;
  });
  const detail = await getPayroll(db, actor.organizationId, created.payroll.id);
  return { ...detail, lines: created.lines, total: fromCents(created.totalCents) };
}

/** The trail names the company, not its id. */
async function companyName(tx: Tx, organizationId: number, companyId: number) {
  const [company] = await tx
    .select({ name: co.name })
    .from(co)
    .where(and(eq(co.id, companyId), eq(co.organizationId, organizationId)));
  return company?.name ?? companyId;
}

/** The payroll row, locked for the rest of the transaction (FOR UPDATE to delete, FOR SHARE to pay a line). */
async function lockPayroll(tx: Tx, organizationId: number, id: number, strength: 'update' | 'share') {
  const [row] = await tx.select().from(p).where(ownPayroll(organizationId, id)).for(strength);
  return assertFound(row);
}

/**
 * DELETE payrolls/{id}: only while no line is paid (a payment is a record of money handed over). Its
 * lines go with it, so the orders' workers can enter another payroll.
 */
export async function removePayroll(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const row = await lockPayroll(tx, actor.organizationId, id, 'update');
    const paid = await tx.$count(l, and(eq(l.payrollId, id), isNotNull(l.paidAt)));
    if (paid > 0) throw conflict(payrollMessages.hasPaidLines);
    const lines = await tx.$count(l, eq(l.payrollId, id));
    await tx.delete(p).where(eq(p.id, id));
    await audit(tx, actor, 'delete', 'payroll', id, [
      { field: 'company', before: await companyName(tx, actor.organizationId, row.companyId), after: null },
      { field: 'startDate', before: row.startDate, after: null },
      { field: 'endDate', before: row.endDate, after: null },
      { field: 'lines', before: lines, after: null },
    ]);
  });
}

// ---- lines ---------------------------------------------------------------------------------------

const lineColumns = {
  id: l.id,
  invoiceId: l.invoiceId,
  invoiceNumber: i.number,
  invoiceStartedAt: i.startedAt,
  invoiceFinishedAt: i.finishedAt,
  transactionNature: tn.name,
  workerId: l.workerId,
  workerName: u.name,
  valueCents: l.valueCents,
  payBasis: l.payBasis,
  paidAt: l.paidAt,
};
const linesFrom = (db: Db | Tx) =>
  db
    .select(lineColumns)
    .from(l)
    .innerJoin(i, eq(i.id, l.invoiceId))
    .innerJoin(tn, eq(tn.id, i.transactionNatureId))
    .innerJoin(u, eq(u.id, l.workerId));
type LineRow = Awaited<ReturnType<ReturnType<typeof linesFrom>['execute']>>[number];
const toLine = ({ valueCents, payBasis, ...r }: LineRow): PayrollLine => ({
  ...r,
  explanation: describePayBasis(payBasis),
  invoiceStartedAt: iso(r.invoiceStartedAt),
  invoiceFinishedAt: iso(r.invoiceFinishedAt),
  paidAt: iso(r.paidAt),
  value: fromCents(valueCents),
});

/** A number typed in the search box also finds the order with that number. */
const byNumber = (q: string | undefined): SQL | undefined => {
  const n = Number(q?.trim());
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? eq(i.number, n) : undefined;
};

/** GET payrolls/{id}/workers: by worker name, then order number; filter by worker, q over name, nature, number. */
export async function listPayrollLines(db: Db, organizationId: number, id: number, query: PayrollLinesQuery) {
  const [exists] = await db.select({ id: p.id }).from(p).where(ownPayroll(organizationId, id));
  assertFound(exists);
  const search = searchWhere(query.q, [u.name, tn.name]);
  const number = byNumber(query.q);
  const where = and(
    eq(l.payrollId, id),
    query.worker ? eq(l.workerId, query.worker) : undefined,
    search && number ? sql`(${search} OR ${number})` : search,
  )!;
  return listPage(
    query,
    linesFrom(db)
      .where(where)
      .orderBy(sql`f_unaccent(lower(${u.name}))`, asc(l.workerId), asc(i.number))
      .limit(query.take)
      .offset(query.skip),
    () =>
      db.$count(
        db
          .select({ id: l.id })
          .from(l)
          .innerJoin(i, eq(i.id, l.invoiceId))
          .innerJoin(tn, eq(tn.id, i.transactionNatureId))
          .innerJoin(u, eq(u.id, l.workerId))
          .where(where)
          .as('c'),
      ),
    toLine,
  );
}

/**
 * POST payrolls/{id}/workers/{lineId}/pay: sets paidAt on the payroll line and on the order's worker
 * line in one transaction. A payment is not undone here: it records money handed over, and it is
 * what keeps the payroll from being deleted.
 */
export async function payLine(db: Db, actor: Actor, id: number, lineId: number): Promise<PayrollLine> {
  return db.transaction(async (tx) => {
    // FOR SHARE: lines of one payroll are paid side by side, but never while it is being deleted.
    await lockPayroll(tx, actor.organizationId, id, 'share');
    const [line] = await tx
      .select()
      .from(l)
      .where(and(eq(l.id, lineId), eq(l.payrollId, id)))
      .for('update');
    const current = assertFound(line);
    if (current.paidAt) throw conflict(payrollMessages.lineAlreadyPaid);
    const paidAt = new Date();
    await tx.update(l).set({ paidAt, paidById: actor.userId, updatedAt: paidAt }).where(eq(l.id, lineId));
    await tx.update(iw).set({ paidAt, updatedAt: paidAt }).where(eq(iw.id, current.invoiceWorkerId));
    await audit(tx, actor, 'update', 'payroll', id, [
      { field: 'paidAt', before: null, after: { line: lineId, invoice: current.invoiceId, worker: current.workerId } },
    ]);
    const [r] = await linesFrom(tx).where(eq(l.id, lineId));
    return toLine(r!);
  });
}

// ---- pending -------------------------------------------------------------------------------------

const pendingWorker = sql`iw.invoice_id = ${i.id} AND iw.paid_at IS NULL AND NOT EXISTS (SELECT 1 FROM ${l} pl WHERE pl.invoice_worker_id = iw.id)`;

/**
 * GET payrolls/pending ('Verificar pendências'): Completed orders with a worker who is unpaid and in
 * no payroll yet, oldest finished first, with those workers' names.
 */
export async function listPendingOrders(db: Db, organizationId: number, query: ListQuery) {
  const cu = schema.customers;
  const search = searchWhere(query.q, [co.name, co.alias, cu.name]);
  const number = byNumber(query.q);
  const where = and(
    eq(i.organizationId, organizationId),
    eq(i.state, InvoiceState.Completed),
    sql`EXISTS (SELECT 1 FROM ${iw} iw WHERE ${pendingWorker})`,
    search && number ? sql`(${search} OR ${number})` : search,
  )!;
  const rows = db
    .select({
      invoiceId: i.id,
      invoiceNumber: i.number,
      finishedAt: i.finishedAt,
      companyName: sql<string>`coalesce(nullif(${co.alias}, ''), ${co.name})`,
      customerName: cu.name,
      workers: sql<
        string[]
      >`ARRAY(SELECT u.name FROM ${iw} iw JOIN ${u} u ON u.id = iw.worker_id WHERE ${pendingWorker} ORDER BY iw.id)`,
    })
    .from(i)
    .innerJoin(co, eq(co.id, i.companyId))
    .innerJoin(cu, eq(cu.id, i.customerId))
    .where(where)
    .orderBy(asc(i.finishedAt), asc(i.number))
    .limit(query.take)
    .offset(query.skip);
  return listPage(
    query,
    rows,
    () =>
      db.$count(
        db
          .select({ id: i.id })
          .from(i)
          .innerJoin(co, eq(co.id, i.companyId))
          .innerJoin(cu, eq(cu.id, i.customerId))
          .where(where)
          .as('c'),
      ),
    (r) => ({ ...r, finishedAt: iso(r.finishedAt) }),
  );
}
