// An order's payments and instalments. Every write runs in one transaction under the order's row lock
// (lockInvoice), so two payments at once are checked one after the other against the same balance and
// cannot together pay more than the total; invoices.is_paid is recomputed in the same transaction.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  fromCents,
  installmentDueDate,
  InvoiceState,
  invoiceMessages,
  paymentMessages,
  paymentMethodLabel,
  splitInstallments,
  toCents,
  formatMoney,
  type CreateInstallmentsBody,
  type CreatePaymentBody,
  type InvoicePaymentsResponse,
  type PaymentMethod,
  type ReceivableStatus,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict, invalid } from '../../lib/errors.ts';
import type { AuditChange } from '../../core/audit/audit.ts';
import { queryRows } from '../../lib/sql.ts';
import { receivedCents, settle } from './settle.ts';
import {
  lockInvoice,
  recordChange,
  systemComment,
  visibleTo,
  type Actor,
  type InvoiceRow,
} from '../invoices/invoice-access.ts';
import { reads } from '../../lib/reads.ts';
import { assertFound } from '../../core/access/access.ts';

const { invoices: i, invoicePayments: p, receivables: r, users: u } = schema;

export { receivedCents, settle };

/** 'YYYY-MM-DD' as pt-BR, without a time zone shift (a date column has no time). */
export const brDate = (isoDate: string) => isoDate.split('-').toReversed().join('/');

const totalCents = (row: Pick<InvoiceRow, 'subtotalCents' | 'discountCents'>) => row.subtotalCents - row.discountCents;

/** Payments are taken on the orders 'Pagar' takes: not Draft, not Canceled. */
function assertPayable(row: InvoiceRow) {
  if (row.state === InvoiceState.Draft || row.state === InvoiceState.Canceled)
    throw conflict(invoiceMessages.cannotPay);
}

/** 'R$ 50,00 (PIX) em 05/03/2026' ('R$ 50,00 em …' without a method): a payment in the trail and the comments. */
const describePayment = (x: { amountCents: number; method: string | null; paidAt: string }) =>
  `${formatMoney(fromCents(x.amountCents))}${x.method ? ` (${paymentMethodLabel(x.method as PaymentMethod)})` : ''} em ${brDate(x.paidAt)}`;
const withNote = (note: string | null) => (note ? ` (${note})` : '');

interface NewPayment {
  amountCents: number;
  method: PaymentMethod | null;
  paidAt: string;
  note: string | null;
  receivableId?: number | null;
}

/** Inserts a payment on the locked order, links its instalment, settles the order, comments and audits. */
export async function insertPayment(
  tx: Tx,
  actor: Actor,
  row: InvoiceRow,
  pay: NewPayment,
  description?: string | null,
) {
  const [created] = await tx
    .insert(p)
    .values({
      organizationId: actor.organizationId,
      invoiceId: row.id,
      amountCents: pay.amountCents,
      method: pay.method,
      paidAt: pay.paidAt,
      note: pay.note,
      receivableId: pay.receivableId ?? null,
      createdById: actor.userId,
    })
    .returning({ id: p.id });
  if (pay.receivableId)
    await tx
      .update(r)
      .set({ paymentId: created!.id })
      .where(and(eq(r.id, pay.receivableId), eq(r.organizationId, actor.organizationId)));
  const settled = await settle(tx, row, description);
  const text = describePayment(pay);
  await systemComment(tx, actor, row.id, `${actor.name} registrou o pagamento de ${text}${withNote(pay.note)}.`);
  await recordChange(tx, actor, row.id, 'update', [{ field: 'payments', before: null, after: text }, ...settled]);
  return created!.id;
}

/** Deletes payments of the locked order (their instalments reopen), settles it, comments and audits. */
async function deletePayments(tx: Tx, actor: Actor, row: InvoiceRow, ids: number[], verb = 'removeu') {
  const changes: AuditChange[] = [];
  for (const id of ids) {
    const [gone] = await tx
      .delete(p)
      .where(and(eq(p.id, id), eq(p.invoiceId, row.id), eq(p.organizationId, actor.organizationId)))
      .returning();
    if (!gone) continue;
    const text = describePayment(gone);
    changes.push({ field: 'payments', before: text, after: null });
    await systemComment(tx, actor, row.id, `${actor.name} ${verb} o pagamento de ${text}.`);
  }
  changes.push(...(await settle(tx, row)));
  await recordChange(tx, actor, row.id, 'update', changes);
}

// ---- reads ---------------------------------------------------------------------------------------

/** The organization's today (YYYY-MM-DD) in its time zone: what makes an instalment overdue. */
export async function organizationToday(tx: Db | Tx, organizationId: number): Promise<string> {
  const [row] = await queryRows<{ today: string }>(
    tx,
    sql`SELECT to_char(now() AT TIME ZONE time_zone, 'YYYY-MM-DD') AS today FROM organizations WHERE id = ${organizationId}`,
  );
  return row!.today;
}

export const receivableStatus = (paymentId: number | null, dueDate: string, today: string): ReceivableStatus =>
  paymentId !== null ? 'paid' : dueDate < today ? 'overdue' : 'open';

/** GET invoices/{id}/payments: totals, payments (by date) and instalments (by due date). */
export async function invoicePayments(db: Db | Tx, actor: Actor, id: number): Promise<InvoicePaymentsResponse> {
  const [row] = await db
    .select({ subtotalCents: i.subtotalCents, discountCents: i.discountCents, isPaid: i.isPaid })
    .from(i)
    .where(and(eq(i.id, id), visibleTo(actor)));
  const order = assertFound(row);
  const [payments, installments, today] = await reads(
    db,
    () =>
      db
        .select({
          id: p.id,
          amountCents: p.amountCents,
          method: p.method,
          paidAt: p.paidAt,
          note: p.note,
          receivableId: p.receivableId,
          createdByName: u.name,
          createdAt: p.createdAt,
        })
        .from(p)
        .leftJoin(u, eq(u.id, p.createdById))
        .where(and(eq(p.invoiceId, id), eq(p.organizationId, actor.organizationId)))
        .orderBy(asc(p.paidAt), asc(p.id)),
    () =>
      db
        .select({
          id: r.id,
          amountCents: r.amountCents,
          dueDate: r.dueDate,
          method: r.method,
          installmentNumber: r.installmentNumber,
          installmentCount: r.installmentCount,
          paymentId: r.paymentId,
          paidAt: p.paidAt,
        })
        .from(r)
        .leftJoin(p, eq(p.id, r.paymentId))
        .where(and(eq(r.invoiceId, id), eq(r.organizationId, actor.organizationId)))
        .orderBy(asc(r.dueDate), asc(r.id)),
    () => organizationToday(db, actor.organizationId),
  );
  const total = totalCents(order);
  const paid = payments.reduce((s, x) => s + x.amountCents, 0);
  const open = installments.filter((x) => x.paymentId === null).reduce((s, x) => s + x.amountCents, 0);
  const balance = Math.max(total - paid, 0);
  return {
    total: fromCents(total),
    paid: fromCents(paid),
    balance: fromCents(balance),
    unscheduled: fromCents(Math.max(balance - open, 0)),
    isPaid: order.isPaid,
    payments: payments.map(({ amountCents, method, createdAt, ...x }) => ({
      ...x,
      amount: fromCents(amountCents),
      method: method as PaymentMethod | null,
      createdAt: createdAt.toISOString(),
    })),
    installments: installments.map(({ amountCents, method, ...x }) => ({
      ...x,
      amount: fromCents(amountCents),
      method: method as PaymentMethod,
      status: receivableStatus(x.paymentId, x.dueDate, today),
    })),
  };
}

// ---- writes --------------------------------------------------------------------------------------

/**
 * POST invoices/{id}/payments. 422 on `amount` above the balance, or above the part of it no open
 * instalment holds (an instalment is received through its own operation, so the plan keeps adding up).
 */
export async function addPayment(db: Db, actor: Actor, id: number, input: PaymentInput) {
  const body = {
    amountCents: toCents(input.amount),
    method: input.method,
    paidAt: input.paidAt,
    note: input.note ?? null,
  };
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertPayable(row);
    const { paid, open } = await receivedCents(tx, id);
    const balance = Math.max(totalCents(row) - paid, 0);
    if (balance === 0) throw conflict(paymentMessages.nothingDue);
    if (body.amountCents > balance) throw invalid({ amount: paymentMessages.overBalance(fromCents(balance)) });
    const unscheduled = Math.max(balance - open, 0);
    if (body.amountCents > unscheduled)
      throw invalid({ amount: paymentMessages.overFreeBalance(fromCents(unscheduled)) });
    await insertPayment(tx, actor, row, body);
  });
  return invoicePayments(db, actor, id);
}

type PaymentInput = Omit<CreatePaymentBody, 'note'> & { note?: string | null };

/** DELETE invoices/{id}/payments/{paymentId}: the instalment it received, if any, is open again. */
export async function removePayment(db: Db, actor: Actor, id: number, paymentId: number) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    const [found] = await tx
      .select({ id: p.id })
      .from(p)
      .where(and(eq(p.id, paymentId), eq(p.invoiceId, id), eq(p.organizationId, actor.organizationId)));
    assertFound(found);
    await deletePayments(tx, actor, row, [paymentId]);
  });
  return invoicePayments(db, actor, id);
}

/**
 * POST invoices/{id}/installments: the balance no payment covers yet, split into monthly instalments.
 * The order's open instalments are replaced (received ones stay, with their payments).
 */
export async function createInstallments(db: Db, actor: Actor, id: number, body: CreateInstallmentsBody) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertPayable(row);
    const { paid } = await receivedCents(tx, id);
    const balance = Math.max(totalCents(row) - paid, 0);
    if (balance === 0) throw conflict(paymentMessages.nothingDue);
    if (balance < body.count) throw invalid({ count: paymentMessages.tooManyInstallments });
    const replaced = await tx
      .delete(r)
      .where(and(eq(r.invoiceId, id), eq(r.organizationId, actor.organizationId), isNull(r.paymentId)))
      .returning({ id: r.id });
    const parts = splitInstallments(balance, body.count);
    await tx.insert(r).values(
      parts.map((amountCents, k) => ({
        organizationId: actor.organizationId,
        invoiceId: id,
        amountCents,
        dueDate: installmentDueDate(body.firstDueDate, k),
        method: body.method,
        installmentNumber: k + 1,
        installmentCount: body.count,
        createdById: actor.userId,
      })),
    );
    const text = `${body.count}× ${paymentMethodLabel(body.method)} de ${formatMoney(fromCents(balance))}, a primeira em ${brDate(body.firstDueDate)}`;
    await systemComment(tx, actor, id, `${actor.name} parcelou o saldo: ${text}.`);
    await recordChange(tx, actor, id, 'update', [
      { field: 'installments', before: replaced.length ? `${replaced.length} em aberto` : null, after: text },
    ]);
  });
  return invoicePayments(db, actor, id);
}

/**
 * Cancelling an order drops its open instalments in the cancelling transaction: nothing more is to be
 * received. Payments already received, and the instalments they paid, stay as the record of the money.
 */
export async function dropOpenInstallments(tx: Tx, organizationId: number, invoiceId: number): Promise<AuditChange[]> {
  const gone = await tx
    .delete(r)
    .where(and(eq(r.invoiceId, invoiceId), eq(r.organizationId, organizationId), isNull(r.paymentId)))
    .returning({ id: r.id });
  return gone.length ? [{ field: 'installments', before: `${gone.length} em aberto`, after: null }] : [];
}

// ---- 'Pagar' and 'Desfazer pagamento' ------------------------------------------------------------

/**
 * POST invoices/{id}/pay ('Pagar'): records one payment of what is still due — the balance, after any
 * deposit — on the date given, with the description as its note; open instalments are received by it
 * too (they are dropped: the order is settled at once). An order of total 0 is only marked paid.
 */
export async function payRemaining(
  tx: Tx,
  actor: Actor,
  row: InvoiceRow,
  body: { date: string; description: string | null; method: PaymentMethod | null },
) {
  if (row.isPaid) throw conflict(invoiceMessages.alreadyPaid);
  assertPayable(row);
  const { paid } = await receivedCents(tx, row.id);
  const due = Math.max(totalCents(row) - paid, 0);
  const dropped = await dropOpenInstallments(tx, actor.organizationId, row.id);
  if (dropped.length) await recordChange(tx, actor, row.id, 'update', dropped);
  if (due > 0) {
    await insertPayment(
      tx,
      actor,
      row,
      { amountCents: due, method: body.method, paidAt: body.date, note: body.description },
      body.description,
    );
  } else {
    await tx
      .update(i)
      .set({ isPaid: true, paymentDate: body.date, paymentDescription: body.description })
      .where(eq(i.id, row.id));
    await systemComment(tx, actor, row.id, `${actor.name} registrou o pagamento em ${brDate(body.date)}.`);
    await recordChange(tx, actor, row.id, 'update', [
      { field: 'isPaid', before: false, after: true },
      { field: 'paymentDate', before: row.paymentDate, after: body.date },
    ]);
  }
}

/**
 * POST invoices/{id}/undo-payment ('Desfazer pagamento'): the order goes back to awaiting payment by
 * removing its latest payments, newest first, until they no longer cover the total — usually the one
 * that settled it ('Pagar' or the last instalment), so a deposit received before stays.
 */
export async function undoLatestPayments(tx: Tx, actor: Actor, row: InvoiceRow) {
  if (!row.isPaid) throw conflict(invoiceMessages.notPaid);
  const list = await tx
    .select({ id: p.id, amountCents: p.amountCents })
    .from(p)
    .where(eq(p.invoiceId, row.id))
    .orderBy(sql`${p.id} DESC`);
  let paid = list.reduce((s, x) => s + x.amountCents, 0);
  const total = totalCents(row);
  const ids: number[] = [];
  for (const x of list) {
    if (total > 0 && paid < total) break;
    ids.push(x.id);
    paid -= x.amountCents;
  }
  if (ids.length) return deletePayments(tx, actor, row, ids, 'desfez');
  // Total 0: nothing was received; only the mark goes.
  await tx.update(i).set({ isPaid: false, paymentDate: null, paymentDescription: null }).where(eq(i.id, row.id));
  await recordChange(tx, actor, row.id, 'update', [
    { field: 'isPaid', before: true, after: false },
    { field: 'paymentDate', before: row.paymentDate, after: null },
  ]);
}
