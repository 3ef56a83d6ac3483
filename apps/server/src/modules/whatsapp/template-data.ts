import { and, asc, eq, sql } from 'drizzle-orm';
import {
  estimateSharePath,
  formatDate,
  formatMoney,
  fromCents,
  InvoiceState,
  ratingPath,
  signPath,
  type WhatsAppEvent,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { pickColumns, queryRows } from '../../lib/sql.ts';
import { automaticDebit, balanceCents, balancePix, instalmentPix } from './message-pix.ts';
import { ensureRating } from '../../core/orders/ratings.ts';
import { queueTemplate, type Queued } from './outbox.ts';
import { greetingName, technicianName, type Greeting } from './templates.ts';

// What each event's template is filled with, read in the event's transaction from the records it is
// about, and the message queued. Each function takes the record's id within the organization: another
// organization's id finds nothing and queues nothing.

type Q = Db | Tx;
/** Whose event, and the address the app is opened at (APP_URL), which the links carry. */
export interface Scope {
  organizationId: number;
  appUrl: string;
}
const money = (cents: number) => formatMoney(fromCents(cents));

/** What queues an event's message: the record's id (an estimate, order, payment or instalment) in the scope. */
export type QueueEvent = (tx: Q, scope: Scope, id: number) => Promise<Queued | null>;

/** The organization's zone and the customer's greeting and the company's name of a record. */
async function parties(tx: Q, organizationId: number, customerId: number, companyId: number) {
  const [row] = await queryRows<{
    time_zone: string;
    type: number;
    name: string;
    alias: string | null;
    company: string;
    pix_key: string | null;
  }>(
    tx,
    sql`SELECT o.time_zone, cu.type, cu.name, cu.alias, co.name AS company, co.pix_key
          FROM organizations o
          JOIN customers cu ON cu.organization_id = o.id AND cu.id = ${customerId}
          JOIN companies co ON co.organization_id = o.id AND co.id = ${companyId}
         WHERE o.id = ${organizationId}`,
  );
  if (!row) return null;
  const greeting: Greeting = { customer: greetingName(row), company: row.company };
  return { greeting, timeZone: row.time_zone, pixKey: row.pix_key };
}

/** 'quinta-feira, 03/12/2026' and '14:30' in the organization's zone. */
export function visitWhen(at: Date, timeZone: string) {
  const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone }).format(at);
  const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone }).format(at);
  return { date: `${weekday}, ${formatDate(at, timeZone)}`, time };
}

/** The estimate's link was made ('Compartilhar', or sent by e-mail with it): the link to see and answer it. */
export const queueEstimateSent: QueueEvent = async (tx, { organizationId, appUrl }, estimateId) => {
  const e = schema.estimates;
  const [row] = await tx
    .select(
      pickColumns(
        e,
        'number',
        'customerId',
        'companyId',
        'subtotalCents',
        'discountCents',
        'shareToken',
        'shareExpiresAt',
      ),
    )
    .from(e)
    .where(and(eq(e.id, estimateId), eq(e.organizationId, organizationId)));
  if (!row?.shareToken || !row.shareExpiresAt) return null;
  const p = await parties(tx, organizationId, row.customerId, row.companyId);
  if (!p) return null;
  return queueTemplate(tx, {
    organizationId,
    key: 'estimateSent',
    customerId: row.customerId,
    estimateId,
    data: {
      ...p.greeting,
      number: row.number,
      total: money(row.subtotalCents - row.discountCents),
      link: `${appUrl}${estimateSharePath(estimateId, row.shareToken)}`,
      validUntil: formatDate(row.shareExpiresAt, p.timeZone),
    },
    dedupeKey: `estimate-sent:${estimateId}:${row.shareToken.slice(0, 12)}`,
  });
};

interface VisitRow {
  number: number;
  customerId: number;
  companyId: number;
  scheduledAt: Date | null;
  state: number;
}

async function visit(tx: Q, organizationId: number, invoiceId: number) {
  const i = schema.invoices;
  const [row] = await tx
    .select(pickColumns(i, 'number', 'customerId', 'companyId', 'scheduledAt', 'state'))
    .from(i)
    .where(and(eq(i.id, invoiceId), eq(i.organizationId, organizationId)));
  if (!row?.scheduledAt) return null;
  const p = await parties(tx, organizationId, row.customerId, row.companyId);
  if (!p) return null;
  const w = schema.invoiceWorkers;
  const [worker] = await tx
    .select({ name: schema.users.name })
    .from(w)
    .innerJoin(schema.users, and(eq(schema.users.organizationId, w.organizationId), eq(schema.users.id, w.workerId)))
    .where(and(eq(w.invoiceId, invoiceId), eq(w.organizationId, organizationId)))
    .orderBy(asc(w.id))
    .limit(1);
  return { row: row as VisitRow & { scheduledAt: Date }, p, technician: technicianName(worker?.name) };
}

/** The stamp of a scheduled time in keys and payloads: a moved visit is a new one. */
export const visitStamp = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** The quick-reply payloads of a visit's messages (scheduled, reminder): which visit, at which time, and the answer. */
export const visitReplyPayloads = (invoiceId: number, at: Date) => [
  `visit:${invoiceId}:${visitStamp(at)}:confirm`,
  `visit:${invoiceId}:${visitStamp(at)}:reschedule`,
];

const closedStates: number[] = [InvoiceState.Completed, InvoiceState.Canceled];

/** A visit's message: when it was scheduled or moved, and the day before (each with Confirmar and Remarcar). */
async function queueVisit(tx: Q, organizationId: number, invoiceId: number, key: 'visitScheduled' | 'visitReminder') {
  const v = await visit(tx, organizationId, invoiceId);
  if (!v) return null;
  // A time written on a finished order, or one already past, is a record, not news for the customer.
  if (key === 'visitScheduled' && (closedStates.includes(v.row.state) || v.row.scheduledAt.getTime() <= Date.now()))
    return null;
  return queueTemplate(tx, {
    organizationId,
    key,
    customerId: v.row.customerId,
    invoiceId,
    data: {
      ...v.p.greeting,
      number: v.row.number,
      ...visitWhen(v.row.scheduledAt, v.p.timeZone),
      technician: v.technician,
    },
    quickReplies: visitReplyPayloads(invoiceId, v.row.scheduledAt),
    dedupeKey: `${key === 'visitScheduled' ? 'visit-scheduled' : 'visit-reminder'}:${invoiceId}:${visitStamp(v.row.scheduledAt)}`,
  });
}

/** A visit was scheduled or moved: its date, time and technician. */
export const queueVisitScheduled: QueueEvent = (tx, { organizationId }, invoiceId) =>
  queueVisit(tx, organizationId, invoiceId, 'visitScheduled');

/** The day before a visit: its reminder. */
export const queueVisitReminder: QueueEvent = (tx, { organizationId }, invoiceId) =>
  queueVisit(tx, organizationId, invoiceId, 'visitReminder');

/** The technician set off ('A caminho'): when they should arrive, from the stamp's estimate (none: nothing sent). */
export const queueTechnicianOnTheWay: QueueEvent = async (tx, { organizationId }, stampId) => {
  const st = schema.fieldStamps;
  const i = schema.invoices;
  const [row] = await tx
    .select({
      invoiceId: st.invoiceId,
      etaAt: st.etaAt,
      technician: schema.users.name,
      ...pickColumns(i, 'number', 'customerId', 'companyId'),
    })
    .from(st)
    .innerJoin(i, and(eq(i.organizationId, st.organizationId), eq(i.id, st.invoiceId)))
    .innerJoin(schema.users, and(eq(schema.users.organizationId, st.organizationId), eq(schema.users.id, st.userId)))
    .where(and(eq(st.id, stampId), eq(st.organizationId, organizationId)));
  if (!row?.etaAt) return null;
  const p = await parties(tx, organizationId, row.customerId, row.companyId);
  if (!p) return null;
  return queueTemplate(tx, {
    organizationId,
    key: 'technicianOnTheWay',
    customerId: row.customerId,
    invoiceId: row.invoiceId,
    data: {
      ...p.greeting,
      number: row.number,
      technician: technicianName(row.technician),
      eta: visitWhen(row.etaAt, p.timeZone).time,
    },
    dedupeKey: `on-the-way:${stampId}`,
  });
};

/**
 * An order was completed: the link to the signed order (PDF and NFS-e there), and the Pix of the balance
 * when there is one — or, for a contract's period under Pix Automático, the day it is debited.
 */
export const queueOrderCompleted: QueueEvent = async (tx, { organizationId, appUrl }, invoiceId) => {
  const i = schema.invoices;
  const [row] = await tx
    .select(pickColumns(i, 'number', 'customerId', 'companyId', 'signToken'))
    .from(i)
    .where(and(eq(i.id, invoiceId), eq(i.organizationId, organizationId)));
  if (!row) return null;
  const p = await parties(tx, organizationId, row.customerId, row.companyId);
  if (!p) return null;
  const { totalCents, dueCents } = await balanceCents(tx, organizationId, invoiceId);
  const base = {
    organizationId,
    customerId: row.customerId,
    invoiceId,
    dedupeKey: `order-completed:${invoiceId}`,
  };
  const data = {
    ...p.greeting,
    number: row.number,
    total: money(totalCents),
    link: `${appUrl}${signPath(invoiceId, row.signToken)}`,
  };
  // A contract's period debited by Pix Automático: no code to pay; the message says when it is debited.
  const debit = dueCents > 0 ? await automaticDebit(tx, organizationId, { invoiceId }) : null;
  if (debit)
    return queueTemplate(tx, {
      ...base,
      key: 'orderCompletedAutoDebit',
      data: {
        ...data,
        debit: { amount: money(debit.amountCents), dueOn: formatDate(`${debit.dueDate}T12:00:00Z`, 'UTC') },
      },
    });
  const pix = await balancePix(tx, {
    organizationId,
    invoiceId,
    number: row.number,
    companyId: row.companyId,
    company: p.greeting.company,
    pixKey: p.pixKey,
  });
  return queueTemplate(tx, { ...base, key: pix ? 'orderCompletedPix' : 'orderCompleted', data: { ...data, pix } });
};

/** An order was completed for the first time: the link to rate the job (the request shared with the e-mail). */
export const queueRatingRequest: QueueEvent = async (tx, { organizationId, appUrl }, invoiceId) => {
  const rating = await ensureRating(tx, organizationId, invoiceId);
  if (!rating.askNow) return null;
  const i = schema.invoices;
  const [row] = await tx
    .select(pickColumns(i, 'number', 'customerId', 'companyId'))
    .from(i)
    .where(and(eq(i.id, invoiceId), eq(i.organizationId, organizationId)));
  if (!row) return null;
  const p = await parties(tx, organizationId, row.customerId, row.companyId);
  if (!p) return null;
  return queueTemplate(tx, {
    organizationId,
    key: 'ratingRequest',
    customerId: row.customerId,
    invoiceId,
    data: { ...p.greeting, number: row.number, link: `${appUrl}${ratingPath(invoiceId, rating.token)}` },
    dedupeKey: `rating-request:${invoiceId}`,
  });
};

/** A payment was recorded on an order: how much, when, for which order. */
export const queuePaymentReceived: QueueEvent = async (tx, { organizationId }, paymentId) => {
  const [row] = await queryRows<{
    invoice_id: number;
    number: number;
    customer_id: number;
    company_id: number;
    amount_cents: string;
    paid_at: string;
  }>(
    tx,
    sql`SELECT p.invoice_id, i.number, i.customer_id, i.company_id, p.amount_cents, p.paid_at::text AS paid_at
          FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
         WHERE p.id = ${paymentId} AND p.organization_id = ${organizationId}`,
  );
  if (!row) return null;
  const p = await parties(tx, organizationId, row.customer_id, row.company_id);
  if (!p) return null;
  return queueTemplate(tx, {
    organizationId,
    key: 'paymentReceived',
    customerId: row.customer_id,
    invoiceId: row.invoice_id,
    data: {
      ...p.greeting,
      number: row.number,
      amount: money(Number(row.amount_cents)),
      paidOn: formatDate(`${row.paid_at}T12:00:00Z`, 'UTC'),
    },
    dedupeKey: `payment-received:${paymentId}`,
  });
};

/** An open instalment three days before its due date, or the day after it passed unpaid. */
export async function queueInstalment(
  tx: Q,
  { organizationId }: Scope,
  receivableId: number,
  which: Extract<WhatsAppEvent, 'instalmentDue' | 'instalmentOverdue'>,
): Promise<Queued | null> {
  const [row] = await queryRows<{
    invoice_id: number;
    number: number;
    customer_id: number;
    company_id: number;
    amount_cents: string;
    due_date: string;
    installment_number: number;
    installment_count: number;
    payment_id: number | null;
  }>(
    tx,
    sql`SELECT r.invoice_id, i.number, i.customer_id, i.company_id, r.amount_cents, r.due_date::text AS due_date,
               r.installment_number, r.installment_count, r.payment_id
          FROM receivables r JOIN invoices i ON i.id = r.invoice_id
         WHERE r.id = ${receivableId} AND r.organization_id = ${organizationId}`,
  );
  if (!row || row.payment_id !== null) return null;
  const p = await parties(tx, organizationId, row.customer_id, row.company_id);
  if (!p) return null;
  // An instalment the customer's bank debits by itself (Pix Automático) carries no code to pay.
  const debited = await automaticDebit(tx, organizationId, { invoiceId: row.invoice_id, receivableId });
  const pix = debited
    ? null
    : await instalmentPix(tx, {
        organizationId,
        receivableId,
        number: row.number,
        installmentNumber: row.installment_number,
        amountCents: Number(row.amount_cents),
        companyId: row.company_id,
        company: p.greeting.company,
        pixKey: p.pixKey,
      });
  const base = {
    organizationId,
    customerId: row.customer_id,
    invoiceId: row.invoice_id,
    dedupeKey: `${which === 'instalmentDue' ? 'instalment-due' : 'instalment-overdue'}:${receivableId}:${row.due_date}`,
  };
  const data = {
    ...p.greeting,
    number: row.number,
    instalment: `${row.installment_number} de ${row.installment_count}`,
    amount: money(Number(row.amount_cents)),
    dueOn: formatDate(`${row.due_date}T12:00:00Z`, 'UTC'),
  };
  if (!pix) return queueTemplate(tx, { ...base, key: which, data });
  const key = which === 'instalmentDue' ? 'instalmentDuePix' : 'instalmentOverduePix';
  return queueTemplate(tx, { ...base, key, data: { ...data, pix } });
}
