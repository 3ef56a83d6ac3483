import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import {
  checkMessage,
  checkTemplate,
  errorBody,
  refusal,
  type GraphRefusal,
  type StoredTemplate,
} from './whatsapp-cloud-stand-in/rules.ts';
import { control, jsonBody, type Controlled } from './whatsapp-cloud-stand-in/control.ts';
import {
  deliver,
  inboundPayload,
  statusPayload,
  templateStatusPayload,
  type Business,
  type StatusName,
} from './whatsapp-cloud-stand-in/webhooks.ts';
import { readBodyUpTo } from './read-body.ts';

export type { Business } from './whatsapp-cloud-stand-in/webhooks.ts';
export { sign } from './whatsapp-cloud-stand-in/webhooks.ts';

/**
 * A local WhatsApp Cloud API (Meta's Graph API) for tests and the demo, over plain http on loopback:
 * POST /{phone-number-id}/messages (templates checked against what the account approved, text), GET
 * /{phone-number-id} (the number's details), POST and GET /{waba-id}/message_templates, each behind
 * the business's bearer token, with an optional version prefix (/v27.0/…). What Meta does afterwards
 * it does too, through the business's webhook and signed with its app secret: each accepted message
 * is reported sent, then delivered (or failed with 131026 for a number not on WhatsApp, 131047 for
 * free text outside the customer's 24 hours); a template is approved (or, with 'REJEITAR' in its body,
 * rejected). The tests make the customers answer (`reply`, `press`) and the API fail (`failNext`).
 */
export interface SentMessage {
  id: string;
  phoneNumberId: string;
  to: string;
  type: 'template' | 'text';
  template?: { name: string; language: string; parameters: string[]; payloads: string[] };
  text?: string;
  at: Date;
}

export interface WhatsAppStandIn extends Controlled {
  /** The Graph API base with its version, for WHATSAPP_API_URL. */
  url: string;
  /** Every message the API accepted, in order. */
  sent: SentMessage[];
  /** Every request: method, path and status answered. */
  requests: Array<{ method: string; path: string; status: number }>;
  /** The webhook answers the app gave: what was sent and the HTTP status. */
  webhookCalls: Array<{ kind: string; status: number }>;
  /** Templates of an account by name. */
  templates(businessAccountId: string): Map<string, StoredTemplate>;
  /** Approve templates as soon as they are created (the demo), or leave them PENDING. */
  autoApprove: boolean;
  /** Numbers that have no WhatsApp: messages to them fail asynchronously with 131026. */
  notOnWhatsApp: Set<string>;
  /** The next `/messages` calls answer these failures, one each, before answering normally again. */
  failNext(...answers: Array<{ status: number; code: number; retryAfter?: number }>): void;
  /** Puts a template (of any state) on an account, as if created earlier or by hand. */
  putTemplate(businessAccountId: string, t: Omit<StoredTemplate, 'id'>): StoredTemplate;
  /** Changes a template's state and tells the app. */
  setTemplateStatus(businessAccountId: string, name: string, status: string, reason?: string | null): Promise<void>;
  /** Sends the app any notification, signed with `secret` (a forger's, when not the app's). */
  notify(phoneNumberId: string, payload: unknown, secret?: string): Promise<number>;
  /** Resolves when every webhook it started has been answered. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const VERSION = 'v27.0';
const newMessageId = () => `wamid.${randomBytes(18).toString('base64url')}`;

/**
 * `control`: also answer the /_stand-in/ requests (connect a business, read what was sent, make a customer
 * answer) for tests in another process.
 */
export async function startWhatsAppStandIn(
  o: { port?: number; host?: string; autoApprove?: boolean; control?: boolean } = {},
) {
  const businesses = new Map<string, Business>();
  const templatesByAccount = new Map<string, Map<string, StoredTemplate>>();
  const lastInbound = new Map<string, number>();
  const forced: Array<{ status: number; code: number; retryAfter?: number }> = [];
  const pending = new Set<Promise<unknown>>();
  let nextTemplateId = 1000;

  const accountTemplates = (waba: string) => {
    let map = templatesByAccount.get(waba);
    if (!map) templatesByAccount.set(waba, (map = new Map()));
    return map;
  };
  const track = (kind: string, work: Promise<number>) => {
    const p = work.then((status) => standIn.webhookCalls.push({ kind, status }));
    pending.add(p);
    void p.finally(() => pending.delete(p));
    return work;
  };
  const later = (kind: string, b: Business, payload: () => unknown, delayMs = 5) =>
    track(
      kind,
      new Promise<void>((r) => setTimeout(r, delayMs)).then(() => deliver(b, payload())),
    );

  const tellTemplate = (waba: string, t: StoredTemplate) => {
    for (const b of businesses.values())
      if (b.businessAccountId === waba) {
        void later('template', b, () =>
          templateStatusPayload(b, {
            id: t.id,
            name: t.name,
            language: t.language,
            status: t.status,
            reason: t.rejectedReason,
          }),
        );
        return;
      }
  };

  const standIn: WhatsAppStandIn = {
    url: '',
    sent: [],
    requests: [],
    webhookCalls: [],
    autoApprove: o.autoApprove ?? true,
    notOnWhatsApp: new Set(),
    addBusiness: (b) => void businesses.set(b.phoneNumberId, b),
    templates: accountTemplates,
    failNext: (...answers) => void forced.push(...answers),
    putTemplate(waba, t) {
      const stored = { ...t, id: String(nextTemplateId++) };
      accountTemplates(waba).set(t.name, stored);
      return stored;
    },
    async setTemplateStatus(waba, name, status, reason = null) {
      const t = accountTemplates(waba).get(name);
      if (!t) throw new Error(`no template ${name}`);
      t.status = status;
      t.rejectedReason = reason;
      tellTemplate(waba, t);
      await standIn.idle();
    },
    async reply(phoneNumberId, from, text, extra = {}) {
      const b = businessOf(phoneNumberId);
      const id = newMessageId();
      lastInbound.set(`${phoneNumberId}:${from}`, Date.now());
      await track(
        'inbound',
        deliver(b, inboundPayload(b, { id, from, name: extra.name ?? 'Cliente', text, contextId: extra.contextId })),
      );
      return id;
    },
    async press(phoneNumberId, from, contextId, button) {
      const b = businessOf(phoneNumberId);
      const id = newMessageId();
      lastInbound.set(`${phoneNumberId}:${from}`, Date.now());
      await track('inbound', deliver(b, inboundPayload(b, { id, from, name: 'Cliente', button, contextId })));
      return id;
    },
    notify: (phoneNumberId, payload, secret) => {
      const b = businessOf(phoneNumberId);
      return track('custom', deliver(b, payload, secret ?? b.appSecret));
    },
    idle: async () => {
      while (pending.size) await Promise.allSettled(pending);
    },
    close: async () => {
      await standIn.idle();
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      });
    },
  };

  function businessOf(phoneNumberId: string) {
    const b = businesses.get(phoneNumberId);
    if (!b) throw new Error(`no business with phone number id ${phoneNumberId}`);
    return b;
  }

  /** The bearer token must be the business's: Meta answers 401 with code 190 otherwise. */
  const authorized = (req: http.IncomingMessage, b: Business | undefined) =>
    !!b && req.headers.authorization === `Bearer ${b.accessToken}`;
  const tokenRefused = refusal(401, 190, 'Error validating access token', 'The access token is invalid or has expired');

  async function handle(
    req: http.IncomingMessage,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (o.control) {
      const answered = await control(
        standIn,
        req.method ?? '',
        url.pathname,
        jsonBody(() => readBody(req)),
      );
      if (answered) return answered;
    }
    const path = url.pathname.replace(/^\/v\d+\.\d+/, '').replace(/\/+$/, '');
    const fail = (r: GraphRefusal) => ({ status: r.status, body: errorBody(r) });

    const messages = /^\/(\d+)\/messages$/.exec(path);
    if (req.method === 'POST' && messages) {
      const b = businesses.get(messages[1]!);
      if (!authorized(req, b)) return fail(tokenRefused);
      const next = forced.shift();
      if (next)
        return {
          ...fail(refusal(next.status, next.code, next.status === 429 ? 'Rate limit hit' : 'Service unavailable')),
          headers: next.retryAfter !== undefined ? { 'retry-after': String(next.retryAfter) } : undefined,
        };
      const checked = checkMessage(JSON.parse((await readBody(req)) || '{}'), (name, language) => {
        const t = accountTemplates(b!.businessAccountId).get(name);
        return t && t.language === language ? t : undefined;
      });
      if ('status' in checked) return fail(checked);
      const id = newMessageId();
      standIn.sent.push({ id, phoneNumberId: b!.phoneNumberId, ...checked, at: new Date() });
      const status = (s: StatusName, error?: { code: number; title: string; details: string }) => () =>
        statusPayload(b!, { id, to: checked.to, status: s, error });
      const outside =
        checked.type === 'text' &&
        Date.now() - (lastInbound.get(`${b!.phoneNumberId}:${checked.to}`) ?? 0) > 86_400_000;
      if (standIn.notOnWhatsApp.has(checked.to))
        void later(
          'status',
          b!,
          status('failed', { code: 131026, title: 'Message undeliverable', details: 'Message Undeliverable.' }),
        );
      else if (outside)
        void later(
          'status',
          b!,
          status('failed', {
            code: 131047,
            title: 'Re-engagement message',
            details:
              'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          }),
        );
      else void later('status', b!, status('sent')).then(() => later('status', b!, status('delivered')));
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: checked.to, wa_id: checked.to }],
          messages: [{ id }],
        },
      };
    }

    const templates = /^\/(\d+)\/message_templates$/.exec(path);
    if (templates) {
      const waba = templates[1]!;
      const b = [...businesses.values()].find((x) => x.businessAccountId === waba);
      if (!authorized(req, b)) return fail(tokenRefused);
      const stored = accountTemplates(waba);
      if (req.method === 'POST') {
        const checked = checkTemplate(JSON.parse((await readBody(req)) || '{}'));
        if ('status' in checked) return fail(checked);
        const existing = stored.get(checked.template.name);
        if (existing && existing.language === checked.template.language)
          return fail({
            ...refusal(400, 100, 'Invalid parameter', 'Content in this language already exists'),
            subcode: 2388024,
          });
        const rejected = checked.template.body.includes('REJEITAR');
        const t = standIn.putTemplate(waba, {
          ...checked.template,
          status: rejected ? 'REJECTED' : standIn.autoApprove ? 'APPROVED' : 'PENDING',
          rejectedReason: rejected ? 'INVALID_FORMAT' : null,
        });
        if (t.status !== 'PENDING') tellTemplate(waba, t);
        return { status: 200, body: { id: t.id, status: rejected ? 'PENDING' : t.status, category: t.category } };
      }
      if (req.method === 'GET') {
        const all = [...stored.values()].sort((a, c) => Number(a.id) - Number(c.id));
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 25) || 25, 100);
        const after = Number(url.searchParams.get('after') ?? 0);
        const page = all.filter((t) => Number(t.id) > after).slice(0, limit);
        const more = all.some((t) => Number(t.id) > Number(page.at(-1)?.id ?? Infinity));
        return {
          status: 200,
          body: {
            data: page.map((t) => ({
              id: t.id,
              name: t.name,
              language: t.language,
              status: t.status,
              category: t.category,
              rejected_reason: t.rejectedReason ?? 'NONE',
            })),
            paging: {
              cursors: { before: page[0]?.id ?? '', after: page.at(-1)?.id ?? '' },
              ...(more ? { next: `${standIn.url}/${waba}/message_templates?after=${page.at(-1)!.id}` } : {}),
            },
          },
        };
      }
    }

    const number = /^\/(\d+)$/.exec(path);
    if (req.method === 'GET' && number) {
      const b = businesses.get(number[1]!);
      if (!b) return fail(refusal(400, 100, 'Unsupported get request', `Object with ID '${number[1]}' does not exist`));
      if (!authorized(req, b)) return fail(tokenRefused);
      return {
        status: 200,
        body: {
          id: b.phoneNumberId,
          display_phone_number: b.displayPhoneNumber,
          verified_name: b.verifiedName,
          quality_rating: 'GREEN',
          code_verification_status: 'VERIFIED',
        },
      };
    }
    return fail(refusal(400, 100, 'Unsupported request', `${req.method} ${path}`));
  }

  const server = http.createServer((req, res) => {
    handle(req)
      .then(({ status, body, headers }) => {
        standIn.requests.push({ method: req.method ?? '', path: new URL(req.url ?? '/', 'http://x').pathname, status });
        if (status === 204) {
          res.writeHead(204);
          res.end();
          return;
        }
        const data = JSON.stringify(body);
        res.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(data),
          ...headers,
        });
        res.end(data);
      })
      .catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify(errorBody(refusal(500, 1, 'An unknown error occurred', String(err)))));
      });
  });
  const host = o.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  standIn.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/${VERSION}`;
  return standIn;
}

/** The request body, at most 1 MB. */
const readBody = (req: http.IncomingMessage) => readBodyUpTo(req, 1024 * 1024);
