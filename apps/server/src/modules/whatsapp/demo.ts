import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { allWhatsAppEventsOn, whatsAppNumber } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import type { AppConfig } from '../../plugins/config.ts';
import { queryRows } from '../../lib/sql.ts';
import { connectionOfPhoneNumber, sealSecret, type WhatsAppContext } from './connection.ts';
import { recordTemplateStatus } from './templates.service.ts';
import { TEMPLATE_LANGUAGE, templateList } from './templates.ts';

// The demo's WhatsApp: outside production, when the demo data is on and no WHATSAPP_API_URL is set,
// the server starts the stand-in Cloud API on loopback and connects the demo organization's number to
// it, its templates approved and the demo customers with a mobile agreeing (as if imported). Its
// messages are 'delivered' by the stand-in's signed webhooks, so the screens show a live conversation.
// A real number connected on the same installation still goes to Meta: only the demo's number is
// routed to the stand-in.

/** The demo organization's WhatsApp number and account on the stand-in. */
export const DEMO_PHONE_NUMBER_ID = '100000000000001';
const DEMO_ACCOUNT_ID = '100000000000002';
const DEMO_ORGANIZATION_ID = 1;

type StandIn = Awaited<
  ReturnType<(typeof import('@ordem-certa/test-support/whatsapp-cloud-stand-in'))['startWhatsAppStandIn']>
>;

/** Whether this start runs the demo's WhatsApp (never in production, never with a real API set). */
export const demoWhatsAppWanted = (env: NodeJS.ProcessEnv, seedDemo: boolean) =>
  seedDemo && env.NODE_ENV !== 'production' && !env.WHATSAPP_API_URL?.trim();

/**
 * Starts the stand-in and connects the demo organization to it (once per database: later starts read
 * the secrets back). Returns what the app's config needs, or null when the demo organization is absent.
 */
export async function startDemoWhatsApp(
  db: Db,
  config: AppConfig,
  log: WhatsAppContext['log'],
  port: number,
): Promise<{ demo: NonNullable<AppConfig['whatsappDemo']>; standIn: StandIn } | null> {
  const [org] = await db
    .select({ id: schema.organizations.id, name: schema.organizations.name })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, DEMO_ORGANIZATION_ID));
  if (!org) return null;
  const { startWhatsAppStandIn } = await import('@ordem-certa/test-support/whatsapp-cloud-stand-in');
  const standIn = await startWhatsAppStandIn({ host: '127.0.0.1', autoApprove: true });
  const demo = { url: standIn.url, phoneNumberIds: [DEMO_PHONE_NUMBER_ID] };
  const ctx: WhatsAppContext = {
    db,
    config: { ...config, whatsappDemo: demo },
    log,
    mailer: { kind: 'outbox', send: () => Promise.reject(new Error('no mail in the demo wiring')) },
    mailFrom: undefined,
  };
  await db
    .insert(schema.whatsappSettings)
    .values({
      organizationId: org.id,
      enabled: true,
      phoneNumberId: DEMO_PHONE_NUMBER_ID,
      businessAccountId: DEMO_ACCOUNT_ID,
      accessToken: await sealSecret(ctx, org.id, 'accessToken', `DEMO${randomBytes(24).toString('base64url')}`),
      appSecret: await sealSecret(ctx, org.id, 'appSecret', randomBytes(16).toString('hex')),
      verifyToken: `demo-${randomBytes(8).toString('hex')}`,
      events: allWhatsAppEventsOn,
      displayPhoneNumber: '+55 11 4000-1000',
      verifiedName: org.name,
      qualityRating: 'GREEN',
      testedAt: new Date(),
    })
    .onConflictDoNothing();
  const connection = await connectionOfPhoneNumber(ctx, DEMO_PHONE_NUMBER_ID);
  if (!connection?.accessToken || !connection.appSecret || connection.organizationId !== org.id) {
    log.warn('demo WhatsApp: the demo number belongs to no demo connection; the stand-in is not wired');
    await standIn.close();
    return null;
  }
  standIn.addBusiness({
    phoneNumberId: DEMO_PHONE_NUMBER_ID,
    businessAccountId: DEMO_ACCOUNT_ID,
    accessToken: connection.accessToken,
    appSecret: connection.appSecret,
    displayPhoneNumber: '+55 11 4000-1000',
    verifiedName: org.name,
    webhook: `http://127.0.0.1:${port}/api/whatsapp/webhook`,
  });
  for (const t of templateList) {
    const stored = standIn.putTemplate(DEMO_ACCOUNT_ID, {
      name: t.name,
      language: TEMPLATE_LANGUAGE,
      category: 'UTILITY',
      status: 'APPROVED',
      rejectedReason: null,
      body: t.body,
      parameters: [...t.body.matchAll(/\{\{\d+\}\}/g)].length,
      footer: t.footer || null,
      quickReplies: t.quickReplies,
    });
    await recordTemplateStatus(db, org.id, { name: t.name, status: 'APPROVED', metaId: stored.id });
  }
  await consentDemoCustomers(db, org.id);
  log.info({ url: standIn.url }, 'demo WhatsApp: stand-in Cloud API on loopback for the demo organization');
  return { demo, standIn };
}

/** The demo customers with a mobile agree to WhatsApp messages, as if their consent came with an import. */
async function consentDemoCustomers(db: Db, organizationId: number) {
  const customers = await queryRows<{ id: number; phone: string | null; phone_e164: string | null }>(
    db,
    sql`SELECT c.id, c.phone, c.phone_e164 FROM customers c
         WHERE c.organization_id = ${organizationId} AND c.anonymized_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM whatsapp_consents w WHERE w.organization_id = c.organization_id AND w.customer_id = c.id)`,
  );
  const w = schema.whatsappConsents;
  for (const c of customers) {
    const number = whatsAppNumber(c.phone, c.phone_e164);
    if (!number.e164) continue;
    await db
      .insert(w)
      .values({ organizationId, customerId: c.id, optIn: true, source: 'import', phoneE164: number.e164 });
  }
}
