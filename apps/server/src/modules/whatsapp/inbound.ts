import { sql } from 'drizzle-orm';
import { isOptOutReply } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import type { WhatsAppContext } from './connection.ts';
import { recordConsent } from './consent.service.ts';

// What a customer writes to the organization's number: recorded once by Meta's message id, put on the
// customer it comes from (the message it answers, else the number) and on the order that conversation
// is about; 'SAIR' or 'PARAR' withdraws the consent at once; a button's answer goes to whoever handles it.

export interface InboundMessage {
  waMessageId: string;
  /** The sender's WhatsApp id: digits with the country code. */
  from: string;
  profileName: string | null;
  at: Date;
  type: string;
  text: string | null;
  buttonPayload: string | null;
  /** Meta's id of our message this one answers (a reply, a button). */
  contextId: string | null;
}

/** A received message as the answers to it see it, inside the transaction that recorded it. */
export interface Received {
  organizationId: number;
  messageId: number;
  customerId: number | null;
  invoiceId: number | null;
  text: string | null;
  buttonPayload: string | null;
}

/** What happens after a message is recorded (a visit confirmed, the office told), in its transaction. */
export type InboundHandler = (tx: Tx, received: Received) => Promise<void>;
const handlers: InboundHandler[] = [];
/** Adds a handler of received messages (the module's own, at start). */
export const onReceived = (handler: InboundHandler) => {
  if (!handlers.includes(handler)) handlers.push(handler);
};

/**
 * The forms a number may take on WhatsApp: a Brazilian mobile written with or without the ninth
 * digit (accounts from before it still answer as 55 11 8765-4321) is the same line.
 */
export function numberVariants(digits: string): string[] {
  const out = [digits];
  const br = /^55(\d{2})(\d+)$/.exec(digits);
  if (br) {
    const [, area, line] = br as unknown as [string, string, string];
    if (line.length === 8 && /^[6-9]/.test(line)) out.push(`55${area}9${line}`);
    if (line.length === 9 && line.startsWith('9')) out.push(`55${area}${line.slice(1)}`);
  }
  return out;
}

/** How long after our last message to a customer their answer is taken as being about its order. */
const ORDER_CONTEXT_DAYS = 7;

async function whoAndWhat(tx: Tx, organizationId: number, m: InboundMessage) {
  if (m.contextId) {
    const [answered] = await queryRows<{ id: number; customer_id: number | null; invoice_id: number | null }>(
      tx,
      sql`SELECT m.id, m.customer_id, m.invoice_id FROM customer_messages m
            JOIN customers c ON c.organization_id = m.organization_id AND c.id = m.customer_id
           WHERE m.organization_id = ${organizationId} AND m.wa_message_id = ${m.contextId} AND m.direction = 'out'
             AND c.anonymized_at IS NULL`,
    );
    if (answered?.customer_id)
      return { customerId: answered.customer_id, invoiceId: answered.invoice_id, contextMessageId: answered.id };
  }
  const phones = numberVariants(m.from).map((d) => `+${d}`);
  const [customer] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT c.id FROM customers c
         WHERE c.organization_id = ${organizationId} AND c.anonymized_at IS NULL
           AND c.phone_e164 IN (${sql.join(
             phones.map((p) => sql`${p}`),
             sql`, `,
           )})
         ORDER BY (SELECT max(x.id) FROM customer_messages x
                    WHERE x.organization_id = c.organization_id AND x.customer_id = c.id) DESC NULLS LAST, c.id
         LIMIT 1`,
  );
  if (!customer) return { customerId: null, invoiceId: null, contextMessageId: null };
  const [last] = await queryRows<{ invoice_id: number | null }>(
    tx,
    sql`SELECT invoice_id FROM customer_messages
         WHERE organization_id = ${organizationId} AND customer_id = ${customer.id} AND direction = 'out'
           AND invoice_id IS NOT NULL AND created_at > now() - ${ORDER_CONTEXT_DAYS} * interval '1 day'
         ORDER BY id DESC LIMIT 1`,
  );
  return { customerId: customer.id, invoiceId: last?.invoice_id ?? null, contextMessageId: null };
}

const shown = (m: InboundMessage) => {
  if (m.text) return m.text.slice(0, 4096);
  return `[${m.type === 'image' ? 'imagem' : m.type === 'audio' ? 'áudio' : m.type === 'document' ? 'documento' : m.type}]`;
};

/** Records a customer's message once; returns whether it was new. */
export async function receiveMessage(ctx: WhatsAppContext, organizationId: number, m: InboundMessage) {
  return ctx.db.transaction(async (tx) => {
    const { customerId, invoiceId, contextMessageId } = await whoAndWhat(tx, organizationId, m);
    const [row] = await tx
      .insert(schema.customerMessages)
      .values({
        organizationId,
        customerId,
        invoiceId,
        direction: 'in',
        kind: m.buttonPayload ? 'button' : m.type === 'text' ? 'text' : 'other',
        body: shown(m),
        phone: m.from,
        waMessageId: m.waMessageId,
        contextMessageId,
        buttonPayload: m.buttonPayload?.slice(0, 200) ?? null,
        status: 'received',
        createdAt: m.at,
      })
      .onConflictDoNothing()
      .returning({ id: schema.customerMessages.id });
    if (!row) return false;
    if (customerId && !m.buttonPayload && isOptOutReply(m.text))
      await recordConsent(tx, organizationId, customerId, { optIn: false, source: 'reply', userId: null });
    const received: Received = {
      organizationId,
      messageId: row.id,
      customerId,
      invoiceId,
      text: m.text,
      buttonPayload: m.buttonPayload,
    };
    for (const handle of handlers) await handle(tx, received);
    return true;
  });
}
