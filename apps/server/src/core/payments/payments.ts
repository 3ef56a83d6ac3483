// An order's payments as every feature records them: one payment taken (settling the order), payments
// removed, the balance paid at once ('Pagar'), the latest payments undone, the open instalments dropped.
// Each runs in the caller's transaction under the order's row lock (lockInvoice), so two payments at
// once are checked one after the other against the same balance and cannot together pay more than the
// total; invoices.is_paid is recomputed in the same transaction.
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  formatMoney,
  fromCents,
  InvoiceState,
  invoiceMessages,
  paymentMethodLabel,
  type PaymentMethod,
} from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import { conflict } from '../../lib/errors.ts';
import type { AuditChange } from '../audit/audit.ts';
import type { Actor } from '../access/access.ts';
import { recordChange, systemComment, type InvoiceRow } from '../orders/invoice-access.ts';
import { dueCents, expectedCents, settle } from '../orders/settle.ts';
import { tellCustomer } from '../notify/customer-events.ts';

const { invoices: i, invoicePayments: p, receivables: r } = schema;

/** 'YYYY-MM-DD' as pt-BR, without a time zone shift (a date column has no time). */
export const brDate = (isoDate: string) => isoDate.split('-').toReversed().join('/');

export const totalCents = (row: Pick<InvoiceRow, 'subtotalCents' | 'discountCents'>) =>
  row.subtotalCents - row.discountCents;

/** Payments are taken on the orders 'Pagar' takes: not Draft, not Canceled. */
export function assertPayable(row: InvoiceRow) {
  if (row.state === InvoiceState.Draft || row.state === InvoiceState.Canceled)
    throw conflict(invoiceMessages.cannotPay);
}

/** 'R$ 50,00 (PIX) em 05/03/2026' ('R$ 50,00 em …' without a method): a payment in the trail and the comments. */
const describePayment = (x: { amountCents: number; method: string | null; paidAt: string }) =>
  `${formatMoney(fromCents(x.amountCents))}${x.method ? ` (${paymentMethodLabel(x.method as PaymentMethod)})` : ''} em ${brDate(x.paidAt)}`;

const withNote = (note: string | null) => (note ? ` (${note})` : '');

export interface NewPayment {
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
  await tellCustomer(tx, actor.organizationId, { event: 'paymentReceived', paymentId: created!.id });
  const text = describePayment(pay);
  await systemComment(tx, actor, row.id, `${actor.name} registrou o pagamento de ${text}${withNote(pay.note)}.`);
  await recordChange(tx, actor, row.id, 'update', [{ field: 'payments', before: null, after: text }, ...settled]);
  return created!.id;
}

/** Deletes payments of the locked order (their instalments reopen), settles it, comments and audits. */
export async function deletePayments(tx: Tx, actor: Actor, row: InvoiceRow, ids: number[], verb = 'removeu') {
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
 * deposit and what the customer withholds — on the date given, with the description as its note; open instalments are received by it
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
  const { due } = await dueCents(tx, row);
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
 * removing its latest payments, newest first, until they no longer cover what it expects — usually the one
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
  const { expected } = await expectedCents(tx, row);
  const ids: number[] = [];
  for (const x of list) {
    if (totalCents(row) > 0 && paid < expected) break;
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
