import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

export type MessageDirection = 'out' | 'in';
export type MessageChannel = 'whatsapp' | 'email';
export type MessageKind = 'template' | 'text' | 'button' | 'other';

/**
 * A message to or from a customer. An outgoing one is also the outbox: written 'queued' with what
 * causes it, claimed by the sending job, then 'accepted' with Meta's id and moved on by its webhooks.
 * `dedupeKey` names the event it is for, so an event sends once; `fallbackOf` is the WhatsApp message
 * an e-mail replaced. The references to customers, orders, estimates, users and other messages stay
 * within the organization (composite foreign keys, in the migration).
 */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    customerId: integer('customer_id'),
    invoiceId: integer('invoice_id'),
    estimateId: integer('estimate_id'),
    direction: text('direction').$type<MessageDirection>().notNull(),
    channel: text('channel').$type<MessageChannel>().notNull().default('whatsapp'),
    kind: text('kind').$type<MessageKind>().notNull(),
    event: text('event'),
    templateName: text('template_name'),
    /** A template's parameters: the body's, in order, and each quick-reply button's payload. */
    // `portalLinkId`: the body parameter `link` (index 2) is that portal link's URL, made as it is sent.
    parameters: jsonb('parameters').$type<{ body: string[]; buttons?: string[]; portalLinkId?: number }>(),
    body: text('body').notNull().default(''),
    /** The customer's number, digits with the country code as WhatsApp writes them. */
    phone: text('phone'),
    email: text('email'),
    waMessageId: text('wa_message_id'),
    contextMessageId: integer('context_message_id'),
    buttonPayload: text('button_payload'),
    status: text('status').notNull(),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    errorReason: text('error_reason'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
    fallbackOf: integer('fallback_of'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_messages_organization_id_id_key').on(t.organizationId, t.id),
    uniqueIndex('customer_messages_wa_message_key')
      .on(t.organizationId, t.waMessageId)
      .where(sql`${t.waMessageId} IS NOT NULL`),
    uniqueIndex('customer_messages_dedupe_key')
      .on(t.organizationId, t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL`),
    uniqueIndex('customer_messages_fallback_key')
      .on(t.organizationId, t.fallbackOf)
      .where(sql`${t.fallbackOf} IS NOT NULL`),
    index('customer_messages_customer_idx').on(t.organizationId, t.customerId, t.id.desc()),
    index('customer_messages_invoice_idx')
      .on(t.organizationId, t.invoiceId, t.id.desc())
      .where(sql`${t.invoiceId} IS NOT NULL`),
    index('customer_messages_queued_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('customer_messages_received_idx')
      .on(t.organizationId, t.customerId, t.createdAt.desc())
      .where(sql`${t.direction} = 'in'`),
  ],
);

/** A status Meta reported for a message it accepted, once per message and status. */
export const whatsappStatuses = pgTable(
  'whatsapp_statuses',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    waMessageId: text('wa_message_id').notNull(),
    /** sent | delivered | read | failed */
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    errorDetails: text('error_details'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.waMessageId, t.status] })],
);
