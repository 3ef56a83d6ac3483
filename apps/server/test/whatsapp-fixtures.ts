import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, afterAll } from 'vitest';
import { PersonType } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { startWhatsAppStandIn, type WhatsAppStandIn } from '@ordem-certa/test-support/whatsapp-cloud-stand-in';
import type { Mailer, MailMessage } from '../src/lib/mailer.ts';
import type { WhatsAppContext } from '../src/modules/whatsapp/connection.ts';
import { sendDueMessages } from '../src/modules/whatsapp/sender.ts';
import type { AppConfig } from '../src/plugins/config.ts';
import { estimateWorld } from './estimate-fixtures.ts';
import { perFile, type TestContext, type TestOrg } from './helpers.ts';
import { newCpf } from './factories.ts';

/** The address the test app is opened at, as the links in messages carry it. */
export const APP_URL = 'https://oc.exemplo.com.br';

/** A mailer that keeps what it is given, for the e-mails that replace WhatsApp messages. */
export function keepingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (m) => {
      sent.push(m);
      return { status: 'sent', messageId: `<${sent.length}@teste>` };
    },
  };
  return { mailer, sent };
}

/** A Brazilian mobile nobody else in the run has: '(11) 9xxxx-xxxx' and its WhatsApp digits. */
export function newMobile() {
  const line = `9${randomInt(6000, 9999)}${String(randomInt(0, 9999)).padStart(4, '0')}`;
  return { display: `(11) ${line.slice(0, 5)}-${line.slice(5)}`, e164: `+5511${line}`, digits: `5511${line}` };
}

const graphId = () => String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100_000, 999_999));

/**
 * The WhatsApp world of an organization: the estimate world, its number connected to the stand-in
 * through the API (PUT settings, templates submitted and approved), the stand-in's webhooks delivered
 * to the app by inject(), and the first customer with a mobile, an e-mail and consent.
 */
export async function whatsappWorld(ctx: TestContext, org: TestOrg, standIn: WhatsAppStandIn) {
  const base = await estimateWorld(ctx, org);
  const db = ctx.database.db;
  const organizationId = org.organization.id;
  const business = {
    phoneNumberId: graphId(),
    businessAccountId: graphId(),
    accessToken: `EAAG${randomBytes(24).toString('base64url')}`,
    appSecret: randomBytes(16).toString('hex'),
    verifyToken: `verifica-${randomBytes(6).toString('hex')}`,
  };
  standIn.addBusiness({
    ...business,
    displayPhoneNumber: '+55 11 4000-1234',
    verifiedName: `Oficina ${organizationId}`,
    webhook: async (body, signature) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/whatsapp/webhook',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
          payload: body,
        })
      ).statusCode,
  });
  const api = (method: 'GET' | 'PUT' | 'POST', rest: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/organizations/${organizationId}${rest}`,
      headers: org.as(org.admin.token),
      ...(payload ? { payload } : {}),
    });
  const settings = {
    phoneNumberId: business.phoneNumberId,
    businessAccountId: business.businessAccountId,
    accessToken: business.accessToken,
    appSecret: business.appSecret,
    verifyToken: business.verifyToken,
    enabled: true,
  };
  const connected = await api('PUT', '/whatsapp/settings', settings);
  if (connected.statusCode !== 200) throw new Error(`settings: ${connected.statusCode} ${connected.body}`);
  const submitted = await api('POST', '/whatsapp/templates/submit');
  if (submitted.statusCode !== 200) throw new Error(`templates: ${submitted.statusCode} ${submitted.body}`);
  await standIn.idle();

  const mobile = newMobile();
  const email = `cliente-${randomBytes(4).toString('hex')}@exemplo.com.br`;
  await db
    .update(schema.customers)
    .set({ phone: mobile.display, phoneE164: mobile.e164, email, name: 'Maria Aparecida Souza' })
    .where(eq(schema.customers.id, base.customer.id));
  const consent = (customerId: number, optIn = true) =>
    api('PUT', `/customers/${customerId}/whatsapp-consent`, { optIn, source: 'form' });
  const agreed = await consent(base.customer.id);
  if (agreed.statusCode !== 200) throw new Error(`consent: ${agreed.statusCode} ${agreed.body}`);

  /** Another customer of the organization with a mobile (and consent unless said). */
  async function newCustomer(
    o: { consent?: boolean; email?: string | null; phone?: ReturnType<typeof newMobile> } = {},
  ) {
    const phone = o.phone ?? newMobile();
    const [row] = await db
      .insert(schema.customers)
      .values({
        organizationId,
        type: PersonType.Natural,
        identifier: newCpf(),
        name: `João Pedro ${randomBytes(2).toString('hex')}`,
        phone: phone.display,
        phoneE164: phone.e164,
        email: o.email === undefined ? `joao-${randomBytes(4).toString('hex')}@exemplo.com.br` : o.email,
      })
      .returning();
    if (o.consent !== false) await consent(row!.id);
    return { ...row!, mobile: phone };
  }
  /** The organization's messages to or from a customer, oldest first. */
  const messagesOf = (customerId: number) =>
    db
      .select()
      .from(schema.customerMessages)
      .where(
        and(
          eq(schema.customerMessages.organizationId, organizationId),
          eq(schema.customerMessages.customerId, customerId),
        ),
      )
      .orderBy(asc(schema.customerMessages.id));

  /** Moves an order forward through the API: started (10) or completed (20). */
  async function moveOrder(invoiceId: number, state: 10 | 20) {
    for (const step of state === 10 ? ['/start'] : ['/start', '/complete']) {
      const res = await base.admin('POST', `/${invoiceId}${step}`);
      if (res.statusCode !== 200) throw new Error(`${step} failed: ${res.statusCode} ${res.body}`);
    }
  }

  return { ...base, business, settings, api, mobile, email, consent, newCustomer, messagesOf, moveOrder };
}
export type WhatsAppWorld = Awaited<ReturnType<typeof whatsappWorld>>;

/**
 * A test file's app, its stand-in Cloud API and two organizations connected to it: `t.ctx`, `t.org`,
 * `t.world`, `t.other`, `t.theirs`, `t.standIn`, `t.mail` (the e-mails sent), `t.wa` (the services'
 * context) and `t.send()` (the job's rounds until nothing is due, and the webhooks answered).
 */
export function whatsappPerFile() {
  const config: Partial<AppConfig> = { appUrl: APP_URL };
  const mail = keepingMailer();
  const box = {} as { standIn: WhatsAppStandIn };
  beforeAll(async () => {
    box.standIn = await startWhatsAppStandIn();
    config.whatsappApiUrl = box.standIn.url;
  });
  const t = perFile({
    app: { config, mailer: mail.mailer },
    other: true,
    world: (ctx, org) => whatsappWorld(ctx, org, box.standIn),
  });
  afterAll(() => box.standIn?.close());
  const wa = (): WhatsAppContext => ({
    db: t.ctx.app.db,
    config: t.ctx.app.config,
    log: t.ctx.app.log,
    mailer: t.ctx.app.mailer,
    mailFrom: 'nao-responda@oc.exemplo.com.br',
  });
  /** Rounds of the sending job until nothing is due, each followed by the webhooks it caused. */
  async function send() {
    let total = 0;
    for (let round = 0; round < 20; round++) {
      const n = await sendDueMessages(wa());
      await box.standIn.idle();
      total += n;
      if (!n) break;
    }
    return total;
  }
  const extended = Object.assign(t, { mail: mail.sent, wa, send }) as typeof t & {
    mail: MailMessage[];
    wa: typeof wa;
    send: typeof send;
    readonly standIn: WhatsAppStandIn;
  };
  Object.defineProperty(extended, 'standIn', { get: () => box.standIn });
  return extended;
}
