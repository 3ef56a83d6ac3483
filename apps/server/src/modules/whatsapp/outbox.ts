import { and, desc, eq, sql } from 'drizzle-orm';
import { REPLY_WINDOW_HOURS, whatsAppNumber, whatsappCloudMessages as m } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { eventIsOn } from './connection.ts';
import { hasConsent } from './consent-state.ts';
import { greetingName, renderTemplate, templateParameters, templates, type TemplateKey } from './templates.ts';

// The outbox: a message is written 'queued' in the transaction of what causes it, and the sending job
// takes it from there. Whether it is written at all is decided here, in that same transaction: the
// organization sends and has the event on, the customer agreed and has a mobile. An event's message is
// written once (dedupe_key), however many times the event is seen.

const cm = schema.customerMessages;
const c = schema.customers;

export type Skipped = 'off' | 'consent' | 'phone' | 'duplicate';
export type Queued = { queued: number } | { skipped: Skipped };

/** The customer's WhatsApp number as the API takes it (digits with the country code), or null. */
async function customerNumber(tx: Db | Tx, organizationId: number, customerId: number) {
  const [row] = await tx
    .select({ phone: c.phone, phoneE164: c.phoneE164, type: c.type, name: c.name, alias: c.alias })
    .from(c)
    .where(and(eq(c.id, customerId), eq(c.organizationId, organizationId), sql`${c.anonymizedAt} IS NULL`));
  if (!row) return null;
  const number = whatsAppNumber(row.phone, row.phoneE164);
  return { digits: number.e164 ? number.e164.slice(1) : null, greeting: greetingName(row) };
}

export interface TemplateToQueue<K extends TemplateKey> {
  organizationId: number;
  key: K;
  customerId: number;
  invoiceId?: number | null;
  estimateId?: number | null;
  data: Parameters<(typeof templates)[K]['params']>[0];
  /** Each quick-reply button's payload, in the template's order. */
  quickReplies?: string[];
  /** Names the event: a second message for the same key is not written. */
  dedupeKey?: string;
  /** The portal link whose URL the sender puts into the body as it sends (never stored). */
  portalLinkId?: number;
}

/** Queues template `key` to the customer, in `tx`, when the organization, the event and the customer allow it. */
export async function queueTemplate<K extends TemplateKey>(tx: Db | Tx, q: TemplateToQueue<K>): Promise<Queued> {
  const t = templates[q.key];
  if (!(await eventIsOn(tx, q.organizationId, t.event))) return { skipped: 'off' };
  if (!(await hasConsent(tx, q.organizationId, q.customerId))) return { skipped: 'consent' };
  const to = await customerNumber(tx, q.organizationId, q.customerId);
  if (!to?.digits) return { skipped: 'phone' };
  const body = templateParameters(q.key, q.data);
  const [row] = await tx
    .insert(cm)
    .values({
      organizationId: q.organizationId,
      customerId: q.customerId,
      invoiceId: q.invoiceId ?? null,
      estimateId: q.estimateId ?? null,
      direction: 'out',
      kind: 'template',
      event: t.event ?? t.key,
      templateName: t.name,
      parameters: {
        body,
        ...(q.quickReplies ? { buttons: q.quickReplies } : {}),
        ...(q.portalLinkId ? { portalLinkId: q.portalLinkId } : {}),
      },
      body: renderTemplate(t, body),
      phone: to.digits,
      status: 'queued',
      dedupeKey: q.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: [cm.organizationId, cm.dedupeKey], where: sql`${cm.dedupeKey} IS NOT NULL` })
    .returning({ id: cm.id });
  return row ? { queued: row.id } : { skipped: 'duplicate' };
}

/** When the customer last wrote (null: never), and so until when free text may go. */
export async function replyWindow(db: Db | Tx, organizationId: number, customerId: number) {
  const [row] = await db
    .select({ at: cm.createdAt })
    .from(cm)
    .where(and(eq(cm.organizationId, organizationId), eq(cm.customerId, customerId), eq(cm.direction, 'in')))
    .orderBy(desc(cm.createdAt))
    .limit(1);
  if (!row) return { open: false, until: null };
  const until = new Date(row.at.getTime() + REPLY_WINDOW_HOURS * 3600_000);
  return { open: until.getTime() > Date.now(), until };
}

/** Queues free text (the office's answer, or a confirmation inside the customer's 24 hours). */
export async function queueText(
  tx: Db | Tx,
  q: {
    organizationId: number;
    customerId: number;
    phone: string;
    text: string;
    invoiceId?: number | null;
    userId: number | null;
  },
) {
  const [row] = await tx
    .insert(cm)
    .values({
      organizationId: q.organizationId,
      customerId: q.customerId,
      invoiceId: q.invoiceId ?? null,
      direction: 'out',
      kind: 'text',
      body: q.text,
      phone: q.phone,
      status: 'queued',
      userId: q.userId,
    })
    .returning({ id: cm.id });
  return row!.id;
}

/**
 * The one message that confirms an opt-out: free text while the customer's 24 hours are open (they
 * just wrote 'SAIR'), else the confirmation template. Sent whatever the consent, as it is about it.
 */
export async function queueOptOutConfirmation(tx: Tx, organizationId: number, customerId: number) {
  if (!(await eventIsOn(tx, organizationId, null))) return;
  const to = await customerNumber(tx, organizationId, customerId);
  if (!to?.digits) return;
  if ((await replyWindow(tx, organizationId, customerId)).open) {
    await queueText(tx, { organizationId, customerId, phone: to.digits, text: m.optedOutReply, userId: null });
    return;
  }
  const [org] = await tx
    .select({ name: schema.organizations.name })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  const t = templates.optOutConfirmed;
  const body = templateParameters('optOutConfirmed', { customer: to.greeting, company: org?.name ?? '' });
  await tx.insert(cm).values({
    organizationId,
    customerId,
    direction: 'out',
    kind: 'template',
    event: t.key,
    templateName: t.name,
    parameters: { body },
    body: renderTemplate(t, body),
    phone: to.digits,
    status: 'queued',
  });
}
