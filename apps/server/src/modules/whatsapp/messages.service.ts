import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  whatsAppNumber,
  whatsappCloudMessages as m,
  type CustomerMessages,
  type ListQuery,
  type ReplyBody,
  type ReplyWindow,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { assertFound } from '../../core/access/access.ts';
import { invalid } from '../../lib/errors.ts';
import { pickColumns } from '../../lib/sql.ts';
import { eventIsOn } from './connection.ts';
import { queueText, replyWindow } from './outbox.ts';
import { assertMaySendToCustomers } from '../../core/access/email-verification.ts';

// The conversation with a customer: what went (templates, answers, the e-mails that replaced failed
// ones) and what came, newest first, on the customer's screen and on the order's; and the office's
// free-text answer, which WhatsApp allows only within 24 hours of the customer's last message.

const cm = schema.customerMessages;
const u = schema.users;
const i = schema.invoices;

async function page(db: Db, where: SQL, q: ListQuery) {
  const search = q.q ? sql`f_unaccent(lower(${cm.body})) LIKE '%' || f_unaccent(lower(${q.q})) || '%'` : undefined;
  const filter = and(where, search);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ...pickColumns(cm, 'id', 'direction', 'channel', 'kind', 'event', 'body', 'status', 'errorCode', 'errorReason'),
        ...pickColumns(cm, 'invoiceId', 'createdAt', 'sentAt', 'deliveredAt', 'readAt'),
        invoiceNumber: i.number,
        author: u.name,
      })
      .from(cm)
      .leftJoin(i, and(eq(i.organizationId, cm.organizationId), eq(i.id, cm.invoiceId)))
      .leftJoin(u, and(eq(u.organizationId, cm.organizationId), eq(u.id, cm.userId)))
      .where(filter)
      .orderBy(desc(cm.id))
      .offset(q.skip)
      .limit(q.take),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(cm)
      .where(filter),
  ]);
  return {
    data: rows.map((r) => ({
      ...r,
      status: r.status as CustomerMessages['data'][number]['status'],
      kind: r.kind,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      deliveredAt: r.deliveredAt?.toISOString() ?? null,
      readAt: r.readAt?.toISOString() ?? null,
    })),
    meta: { total: count?.n ?? 0, skip: q.skip, take: q.take },
  };
}

/** Whether the office may write free text to the customer now, and why not. */
async function windowOf(db: Db, organizationId: number, customerId: number | null): Promise<ReplyWindow> {
  if (!customerId) return { open: false, until: null, reason: m.noWindow };
  if (!(await eventIsOn(db, organizationId, null))) return { open: false, until: null, reason: m.notEnabled };
  const w = await replyWindow(db, organizationId, customerId);
  return { open: w.open, until: w.until?.toISOString() ?? null, reason: w.open ? null : m.noWindow };
}

async function customerOf(db: Db, organizationId: number, customerId: number) {
  const c = schema.customers;
  const [row] = await db
    .select({ id: c.id, phone: c.phone, phoneE164: c.phoneE164 })
    .from(c)
    .where(and(eq(c.id, customerId), eq(c.organizationId, organizationId)));
  return assertFound(row);
}

/** GET customers/{id}/messages. */
export async function customerConversation(
  db: Db,
  organizationId: number,
  customerId: number,
  q: ListQuery,
): Promise<CustomerMessages> {
  await customerOf(db, organizationId, customerId);
  const listed = await page(db, and(eq(cm.organizationId, organizationId), eq(cm.customerId, customerId))!, q);
  return { ...listed, window: await windowOf(db, organizationId, customerId) };
}

/** GET invoices/{id}/messages: the messages about the order, and its customer's window. */
export async function invoiceConversation(
  db: Db,
  organizationId: number,
  invoiceId: number,
  q: ListQuery,
): Promise<CustomerMessages> {
  const [order] = await db
    .select({ customerId: i.customerId })
    .from(i)
    .where(and(eq(i.id, invoiceId), eq(i.organizationId, organizationId)));
  const found = assertFound(order);
  const listed = await page(db, and(eq(cm.organizationId, organizationId), eq(cm.invoiceId, invoiceId))!, q);
  return { ...listed, window: await windowOf(db, organizationId, found.customerId) };
}

/**
 * POST customers/{id}/messages: the office's answer, queued, when the customer wrote within 24 hours.
 * An order named must be the customer's.
 */
export async function reply(
  db: Db,
  actor: { organizationId: number; userId: number },
  customerId: number,
  body: ReplyBody,
) {
  const customer = await customerOf(db, actor.organizationId, customerId);
  const number = whatsAppNumber(customer.phone, customer.phoneE164);
  if (!number.e164) throw invalid({ text: m.noMobile });
  if (body.invoiceId) {
    const [order] = await db
      .select({ id: i.id })
      .from(i)
      .where(and(eq(i.id, body.invoiceId), eq(i.organizationId, actor.organizationId), eq(i.customerId, customerId)));
    if (!order) throw invalid({ invoiceId: m.invoiceNotOfCustomer });
  }
  const id = await db.transaction(async (tx) => {
    await assertMaySendToCustomers(tx, actor.organizationId);
    if (!(await eventIsOn(tx, actor.organizationId, null))) throw invalid({ text: m.notEnabled });
    if (!(await replyWindow(tx, actor.organizationId, customerId)).open) throw invalid({ text: m.noWindow });
    return queueText(tx, {
      organizationId: actor.organizationId,
      customerId,
      phone: number.e164.slice(1),
      text: body.text,
      invoiceId: body.invoiceId ?? null,
      userId: actor.userId,
    });
  });
  const listed = await page(db, and(eq(cm.organizationId, actor.organizationId), eq(cm.id, id))!, {
    skip: 0,
    take: 1,
  });
  return listed.data[0]!;
}
