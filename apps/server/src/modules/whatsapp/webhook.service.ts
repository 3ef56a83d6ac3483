import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { connectionOfPhoneNumber, connectionsOfAccount, type Connection, type WhatsAppContext } from './connection.ts';
import { receiveMessage, type InboundMessage } from './inbound.ts';
import { recordStatus, type DeliveryStatus } from './statuses.ts';
import { recordTemplateStatus } from './templates.service.ts';
import { templateByName } from './templates.ts';

// Meta's webhooks: the verification (GET) and the notifications (POST). A notification changes
// nothing until its X-Hub-Signature-256 — the HMAC-SHA256 of the raw body under the app secret — is
// the one the organization its phone number (or WhatsApp Business account) belongs to would compute;
// the parts of it that belong to no organization, or to one whose secret does not sign it, are left
// alone. What it reports is recorded once by its own id (the message's, the status's).

/** Whether `header` ('sha256=<hex>') is the signature of exactly these bytes under `secret`. */
export function validSignature(raw: Buffer, header: string | undefined, secret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/** GET /api/whatsapp/webhook: the challenge back when the verify token is one an organization set. */
export async function verifySubscription(
  ctx: WhatsAppContext,
  q: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
): Promise<string | null> {
  if (q['hub.mode'] !== 'subscribe' || !q['hub.verify_token'] || q['hub.challenge'] === undefined) return null;
  const s = schema.whatsappSettings;
  const [row] = await ctx.db.select({ token: s.verifyToken }).from(s).where(eq(s.verifyToken, q['hub.verify_token']));
  if (!row) return null;
  const a = Buffer.from(row.token);
  const b = Buffer.from(q['hub.verify_token']);
  return a.length === b.length && timingSafeEqual(a, b) ? q['hub.challenge'] : null;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const when = (v: unknown) => {
  const seconds = Number(v);
  const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
  // A clock ahead of ours never puts a message in the future.
  return at.getTime() > Date.now() ? new Date() : at;
};

interface Change {
  field: string;
  value: Json;
  /** The WhatsApp Business account the entry is of. */
  account: string | null;
}

function changesOf(payload: Json): Change[] {
  if (payload.object !== 'whatsapp_business_account') return [];
  return arr(payload.entry).flatMap((e) =>
    arr(obj(e).changes).map((c) => ({
      field: String(obj(c).field ?? ''),
      value: obj(obj(c).value),
      account: str(obj(e).id),
    })),
  );
}

export type WebhookOutcome = { status: 200; handled: number } | { status: 400 | 401 };

/** POST /api/whatsapp/webhook: 401 when no organization's secret signs it; each signed part applied once. */
export async function receiveWebhook(
  ctx: WhatsAppContext,
  raw: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let payload: Json;
  try {
    payload = obj(JSON.parse(raw.toString('utf8')));
  } catch {
    return { status: 400 };
  }
  const changes = changesOf(payload);
  const signs = (c: Connection | null) => !!c?.appSecret && validSignature(raw, signature, c.appSecret);
  const byNumber = new Map<string, Promise<Connection | null>>();
  const owner = (phoneNumberId: string) => {
    let found = byNumber.get(phoneNumberId);
    if (!found) byNumber.set(phoneNumberId, (found = connectionOfPhoneNumber(ctx, phoneNumberId)));
    return found;
  };
  let signed = false;
  let handled = 0;
  for (const change of changes) {
    if (change.field === 'messages') {
      const phoneNumberId = str(obj(change.value.metadata).phone_number_id);
      const connection = phoneNumberId ? await owner(phoneNumberId) : null;
      if (!connection || !signs(connection)) continue;
      signed = true;
      handled += await applyMessages(ctx, connection, change.value);
    } else if (change.field === 'message_template_status_update' && change.account) {
      for (const connection of await connectionsOfAccount(ctx, change.account)) {
        if (!signs(connection)) continue;
        signed = true;
        const name = str(change.value.message_template_name);
        const status = str(change.value.event);
        if (name && status && templateByName(name)) {
          await recordTemplateStatus(ctx.db, connection.organizationId, {
            name,
            status,
            metaId: change.value.message_template_id ? String(change.value.message_template_id) : null,
            rejectedReason: str(change.value.reason) === 'NONE' ? null : str(change.value.reason),
          });
          handled++;
        }
      }
    }
  }
  return signed ? { status: 200, handled } : { status: 401 };
}

const DELIVERY: DeliveryStatus[] = ['sent', 'delivered', 'read', 'failed'];

/** The statuses and the customer's messages of one signed change, each in its own transaction. */
async function applyMessages(ctx: WhatsAppContext, connection: Connection, value: Json): Promise<number> {
  let handled = 0;
  const organizationId = connection.organizationId;
  for (const raw of arr(value.statuses)) {
    const s = obj(raw);
    const id = str(s.id);
    const status = str(s.status) as DeliveryStatus | null;
    if (!id || !status || !DELIVERY.includes(status)) continue;
    const error = obj(arr(s.errors)[0]);
    const code = typeof error.code === 'number' ? error.code : null;
    const fresh = await ctx.db.transaction((tx) =>
      recordStatus(tx, organizationId, {
        waMessageId: id.slice(0, 200),
        status,
        at: when(s.timestamp),
        errorCode: code,
        errorTitle: str(error.title) ?? str(error.message),
        errorDetails: str(obj(error.error_data).details),
      }),
    );
    if (fresh) handled++;
  }
  const names = new Map(
    arr(value.contacts).map((c) => [str(obj(c).wa_id) ?? '', str(obj(obj(c).profile).name)] as const),
  );
  for (const raw of arr(value.messages)) {
    const m = obj(raw);
    const id = str(m.id);
    const from = str(m.from);
    if (!id || !from || !/^\d{6,20}$/.test(from)) continue;
    const type = str(m.type) ?? 'unknown';
    const button = obj(m.button);
    const reply = obj(obj(m.interactive).button_reply);
    const inbound: InboundMessage = {
      waMessageId: id.slice(0, 200),
      from,
      profileName: names.get(from) ?? null,
      at: when(m.timestamp),
      type,
      text: str(obj(m.text).body) ?? str(button.text) ?? str(reply.title),
      buttonPayload: str(button.payload) ?? str(reply.id),
      contextId: str(obj(m.context).id),
    };
    if (await receiveMessage(ctx, organizationId, inbound)) handled++;
  }
  return handled;
}
