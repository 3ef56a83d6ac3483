// An order's payments and instalments as the payments screen reads and writes them. Every write runs in
// one transaction under the order's row lock (lockInvoice); recording and removing a payment is
// core/payments/payments.ts, which the order's 'Pagar' uses too.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  fromCents,
  installmentDueDate,
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
import { queryRows } from '../../lib/sql.ts';
import { dueCents, expectedCents } from '../../core/orders/settle.ts';
import { assertPayable, brDate, deletePayments, insertPayment, totalCents } from '../../core/payments/payments.ts';
import { lockInvoice, recordChange, systemComment, visibleTo, type Actor } from '../../core/orders/invoice-access.ts';
import { reads } from '../../lib/reads.ts';
import { assertFound } from '../../core/access/access.ts';

const { invoices: i, invoicePayments: p, receivables: r, users: u, pixCharges: c } = schema;

/** An instalment as the order and the receivables list show it (with its payment left-joined). */
export const instalmentColumns = {
  id: r.id,
  amountCents: r.amountCents,
  dueDate: r.dueDate,
  method: r.method,
  installmentNumber: r.installmentNumber,
  installmentCount: r.installmentCount,
  paymentId: r.paymentId,
  paidAt: p.paidAt,
};

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
    .select()
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
        .select({ ...instalmentColumns, pixCopiaECola: c.pixCopiaECola })
        .from(r)
        .leftJoin(p, eq(p.id, r.paymentId))
        // An instalment has at most one active charge at the PSP, while it is open.
        .leftJoin(c, and(eq(c.receivableId, r.id), eq(c.status, 'ATIVA'), isNull(r.paymentId)))
        .where(and(eq(r.invoiceId, id), eq(r.organizationId, actor.organizationId)))
        .orderBy(asc(r.dueDate), asc(r.id)),
    () => organizationToday(db, actor.organizationId),
  );
  const total = totalCents(order);
  const { expected, withheld } = await expectedCents(db, order);
  const paid = payments.reduce((s, x) => s + x.amountCents, 0);
  const open = installments.filter((x) => x.paymentId === null).reduce((s, x) => s + x.amountCents, 0);
  const balance = Math.max(expected - paid, 0);
  return {
    total: fromCents(total),
    withheld: fromCents(withheld),
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
    const { due: balance, open } = await dueCents(tx, row);
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
    const { due: balance } = await dueCents(tx, row);
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
