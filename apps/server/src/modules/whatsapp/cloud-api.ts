// A small client of Meta's WhatsApp Cloud API (the Graph API): send a message, read a phone number,
// create and list message templates. It only speaks HTTP; what an answer means for a message (retry,
// fall back to e-mail, give up) is decided by the caller with meta-errors.ts.

/** Where and as whom: the Graph API base with its version (WHATSAPP_API_URL) and the access token. */
export interface CloudCall {
  baseUrl: string;
  accessToken: string;
  /** The whole call; default 15 s. */
  timeoutMs?: number;
}

/** A Graph API refusal, as its `error` object carries it, with the HTTP status and any Retry-After. */
export interface GraphError {
  status: number;
  code: number | null;
  subcode: number | null;
  message: string;
  /** error_data.details: what Meta says the problem is, in English. */
  details: string | null;
  /** Seconds to wait, from a Retry-After header (seconds or a date). */
  retryAfterSeconds: number | null;
}

export type GraphAnswer<T> = { ok: true; body: T } | ({ ok: false } & GraphError);

/** The API could not be asked (network, time-out) or answered something that is not the Graph API's JSON. */
export class CloudApiUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CloudApiUnreachable';
  }
}

function retryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function call<T>(c: CloudCall, method: 'GET' | 'POST', path: string, body?: unknown): Promise<GraphAnswer<T>> {
  let res: Response;
  let text: string;
  try {
    const headers = { authorization: `Bearer ${c.accessToken}`, accept: 'application/json' };
    const init: RequestInit =
      method === 'GET'
        ? { method, headers }
        : { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) };
    res = await fetch(`${c.baseUrl}${path}`, {
      ...init,
      signal: AbortSignal.timeout(c.timeoutMs ?? 15_000),
      redirect: 'error',
    });
    text = await res.text();
  } catch (err) {
    const e = err as Error;
    throw new CloudApiUnreachable(e.name === 'TimeoutError' ? 'no answer in time' : `${e.name}: ${e.message}`);
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    if (res.ok) throw new CloudApiUnreachable(`HTTP ${res.status} with a body that is not JSON`);
    parsed = {};
  }
  if (res.ok) return { ok: true, body: parsed as T };
  const error = (parsed as { error?: Record<string, unknown> }).error ?? {};
  const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  const details = (error.error_data as { details?: unknown } | undefined)?.details;
  return {
    ok: false,
    status: res.status,
    code: num(error.code),
    subcode: num(error.error_subcode),
    message: typeof error.message === 'string' ? error.message.slice(0, 500) : `HTTP ${res.status}`,
    details: typeof details === 'string' ? details.slice(0, 500) : null,
    retryAfterSeconds: retryAfter(res.headers.get('retry-after')),
  };
}

/** A template's parameters as the messages endpoint takes them. */
export interface TemplateMessage {
  name: string;
  language: string;
  body: string[];
  /** Each quick-reply button's payload, in the template's order. */
  quickReplies?: string[];
}

/** The body of POST /{phone-number-id}/messages for a template. */
export function templateMessageBody(to: string, t: TemplateMessage) {
  const components: unknown[] = [];
  if (t.body.length) components.push({ type: 'body', parameters: t.body.map((text) => ({ type: 'text', text })) });
  (t.quickReplies ?? []).forEach((payload, index) =>
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(index),
      parameters: [{ type: 'payload', payload }],
    }),
  );
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: { name: t.name, language: { code: t.language }, components },
  };
}

/** The body of POST /{phone-number-id}/messages for free text (inside the customer's 24 hours). */
export const textMessageBody = (to: string, text: string) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to,
  type: 'text',
  text: { preview_url: true, body: text },
});

export interface SentMessage {
  messageId: string;
  /** The WhatsApp id Meta resolved the number to (digits), when it says. */
  waId: string | null;
}

/** POST /{phone-number-id}/messages. */
export async function sendMessage(
  c: CloudCall,
  phoneNumberId: string,
  body: ReturnType<typeof templateMessageBody> | ReturnType<typeof textMessageBody>,
): Promise<GraphAnswer<SentMessage>> {
  const answer = await call<{ messages?: Array<{ id?: unknown }>; contacts?: Array<{ wa_id?: unknown }> }>(
    c,
    'POST',
    `/${phoneNumberId}/messages`,
    body,
  );
  if (!answer.ok) return answer;
  const id = answer.body.messages?.[0]?.id;
  if (typeof id !== 'string' || !id) throw new CloudApiUnreachable('message id missing from the answer');
  const waId = answer.body.contacts?.[0]?.wa_id;
  return { ok: true, body: { messageId: id, waId: typeof waId === 'string' ? waId : null } };
}

export interface PhoneNumberDetails {
  displayPhoneNumber: string;
  verifiedName: string | null;
  qualityRating: string | null;
}

/** GET /{phone-number-id}: the number, its verified name and quality, as the 'Testar' button shows them. */
export async function readPhoneNumber(c: CloudCall, phoneNumberId: string): Promise<GraphAnswer<PhoneNumberDetails>> {
  const answer = await call<Record<string, unknown>>(
    c,
    'GET',
    `/${phoneNumberId}?fields=display_phone_number,verified_name,quality_rating`,
  );
  if (!answer.ok) return answer;
  const text = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 200) : null);
  const display = text(answer.body.display_phone_number);
  if (!display) throw new CloudApiUnreachable('display_phone_number missing from the answer');
  return {
    ok: true,
    body: {
      displayPhoneNumber: display,
      verifiedName: text(answer.body.verified_name),
      qualityRating: text(answer.body.quality_rating),
    },
  };
}

/** A template as POST /{waba-id}/message_templates takes it. */
export interface TemplateDefinition {
  name: string;
  language: string;
  category: 'UTILITY';
  body: string;
  example: string[];
  /** Static text under the body; empty: none. */
  footer: string;
  quickReplies: string[];
}

export function templateCreationBody(t: TemplateDefinition) {
  const components: unknown[] = [
    { type: 'BODY', text: t.body, ...(t.example.length ? { example: { body_text: [t.example] } } : {}) },
  ];
  if (t.footer) components.push({ type: 'FOOTER', text: t.footer });
  if (t.quickReplies.length)
    components.push({ type: 'BUTTONS', buttons: t.quickReplies.map((text) => ({ type: 'QUICK_REPLY', text })) });
  return { name: t.name, language: t.language, category: t.category, parameter_format: 'positional', components };
}

/** POST /{waba-id}/message_templates: Meta's id and first status (PENDING, or APPROVED at once). */
export async function createTemplate(
  c: CloudCall,
  businessAccountId: string,
  t: TemplateDefinition,
): Promise<GraphAnswer<{ id: string; status: string }>> {
  const answer = await call<{ id?: unknown; status?: unknown }>(
    c,
    'POST',
    `/${businessAccountId}/message_templates`,
    templateCreationBody(t),
  );
  if (!answer.ok) return answer;
  const { id, status } = answer.body;
  if (typeof id !== 'string' || typeof status !== 'string')
    throw new CloudApiUnreachable('template id or status missing from the answer');
  return { ok: true, body: { id, status } };
}

export interface ListedTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  rejectedReason: string | null;
}

/** GET /{waba-id}/message_templates, every page (the account's templates, ours among them). */
export async function listTemplates(c: CloudCall, businessAccountId: string): Promise<GraphAnswer<ListedTemplate[]>> {
  const found: ListedTemplate[] = [];
  let path = `/${businessAccountId}/message_templates?fields=id,name,language,status,rejected_reason&limit=100`;
  for (let page = 0; page < 20; page++) {
    const answer = await call<{ data?: unknown[]; paging?: { cursors?: { after?: unknown }; next?: unknown } }>(
      c,
      'GET',
      path,
    );
    if (!answer.ok) return answer;
    for (const raw of answer.body.data ?? []) {
      const t = raw as Record<string, unknown>;
      if (typeof t.name !== 'string' || typeof t.status !== 'string') continue;
      const reason = typeof t.rejected_reason === 'string' && t.rejected_reason !== 'NONE' ? t.rejected_reason : null;
      found.push({
        id: String(t.id ?? ''),
        name: t.name,
        language: typeof t.language === 'string' ? t.language : '',
        status: t.status,
        rejectedReason: reason,
      });
    }
    const after = answer.body.paging?.cursors?.after;
    if (!answer.body.paging?.next || typeof after !== 'string') break;
    path = `/${businessAccountId}/message_templates?fields=id,name,language,status,rejected_reason&limit=100&after=${encodeURIComponent(after)}`;
  }
  return { ok: true, body: found };
}
