import { createHmac } from 'node:crypto';

// The notifications the stand-in sends the app, as Meta's webhooks carry them (object
// 'whatsapp_business_account', entry[].changes[] with field and value), signed as Meta signs them:
// X-Hub-Signature-256 is 'sha256=' and the HMAC-SHA256 of the exact body under the app secret.

export interface Business {
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  appSecret: string;
  displayPhoneNumber: string;
  verifiedName: string;
  /** Where its webhooks go: the app's URL, or a function that hands them over (tests use app.inject). */
  webhook: string | ((body: string, signature: string) => Promise<number>);
}

export const sign = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const seconds = (at = new Date()) => String(Math.floor(at.getTime() / 1000));
const digits = (phone: string) => phone.replace(/\D/g, '');

function envelope(b: Business, field: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: b.businessAccountId, changes: [{ value, field }] }],
  };
}

const metadata = (b: Business) => ({
  display_phone_number: digits(b.displayPhoneNumber),
  phone_number_id: b.phoneNumberId,
});

export type StatusName = 'sent' | 'delivered' | 'read' | 'failed';

/** A status of a message the business sent. */
export function statusPayload(
  b: Business,
  s: { id: string; to: string; status: StatusName; error?: { code: number; title: string; details: string } },
) {
  return envelope(b, 'messages', {
    messaging_product: 'whatsapp',
    metadata: metadata(b),
    statuses: [
      {
        id: s.id,
        status: s.status,
        timestamp: seconds(),
        recipient_id: s.to,
        ...(s.status === 'failed' && s.error
          ? {
              errors: [
                {
                  code: s.error.code,
                  title: s.error.title,
                  message: s.error.title,
                  error_data: { details: s.error.details },
                  href: 'https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes',
                },
              ],
            }
          : {
              pricing: { billable: s.status === 'sent', pricing_model: 'PMP', category: 'utility', type: 'regular' },
            }),
      },
    ],
  });
}

/** A message a customer sends: text, or the quick-reply button they pressed on a template. */
export function inboundPayload(
  b: Business,
  m: {
    id: string;
    from: string;
    name: string;
    text?: string;
    button?: { payload: string; text: string };
    contextId?: string;
  },
) {
  const context = m.contextId ? { context: { from: digits(b.displayPhoneNumber), id: m.contextId } } : {};
  const content = m.button
    ? { type: 'button', button: { payload: m.button.payload, text: m.button.text } }
    : { type: 'text', text: { body: m.text ?? '' } };
  return envelope(b, 'messages', {
    messaging_product: 'whatsapp',
    metadata: metadata(b),
    contacts: [{ profile: { name: m.name }, wa_id: m.from }],
    messages: [{ from: m.from, id: m.id, timestamp: seconds(), ...context, ...content }],
  });
}

/** A template's new approval state. */
export function templateStatusPayload(
  b: Business,
  t: { id: string; name: string; language: string; status: string; reason: string | null },
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: b.businessAccountId,
        time: Number(seconds()),
        changes: [
          {
            value: {
              event: t.status,
              message_template_id: Number(t.id),
              message_template_name: t.name,
              message_template_language: t.language,
              reason: t.reason ?? 'NONE',
            },
            field: 'message_template_status_update',
          },
        ],
      },
    ],
  };
}

/** Sends `payload` to the business's webhook, signed with its app secret; the app's HTTP status. */
export async function deliver(b: Business, payload: unknown, secret = b.appSecret): Promise<number> {
  const body = JSON.stringify(payload);
  const signature = sign(body, secret);
  if (typeof b.webhook === 'function') return b.webhook(body, signature);
  try {
    const res = await fetch(b.webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
