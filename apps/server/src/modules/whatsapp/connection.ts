import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { allWhatsAppEventsOn, whatsappCloudMessages, type WhatsAppEvent } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { open, seal } from '../../lib/certificate-store.ts';
import { invalid } from '../../lib/errors.ts';
import { openingKeys, sealingKey, SecretsKeyMissing } from '../../lib/secrets.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { AppConfig } from '../../plugins/config.ts';
import type { CloudCall } from './cloud-api.ts';
import { isVerified } from '../../core/access/email-verification.ts';

// An organization's connection to the Cloud API as the code uses it: the stored row with its secrets
// opened, and where its calls go. The secrets are sealed with the installation's key and bound to the
// organization, so a value copied to another organization's row does not open there.

const s = schema.whatsappSettings;

/** What the WhatsApp services need from the app. */
export interface WhatsAppContext {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  mailer: Mailer;
  mailFrom: string | undefined;
}

/** The app's parts the WhatsApp code works with. */
export const whatsAppContext = (app: WhatsAppContext): WhatsAppContext => ({
  db: app.db,
  config: app.config,
  log: app.log,
  mailer: app.mailer,
  mailFrom: app.mailFrom,
});

export type SecretName = 'accessToken' | 'appSecret';
const boundTo = (organizationId: number, what: SecretName) => Buffer.from(`whatsapp:${organizationId}:${what}`);

/**
 * A secret sealed for storing. In production without a secrets key outside the database nothing is
 * stored: a 422 on the secret's field says why (a backup of the database must never hold both).
 */
export async function sealSecret(ctx: WhatsAppContext, organizationId: number, what: SecretName, value: string) {
  let key: Buffer;
  try {
    key = await sealingKey(ctx.db, ctx.config);
  } catch (err) {
    if (err instanceof SecretsKeyMissing) throw invalid({ [what]: whatsappCloudMessages.secretsKeyMissing });
    throw err;
  }
  return seal(key, Buffer.from(value, 'utf8'), boundTo(organizationId, what));
}

/** A stored secret opened with the first key that opens it (the outside key, then the database's own). */
async function openSecret(ctx: WhatsAppContext, organizationId: number, what: SecretName, sealed: string | null) {
  if (!sealed) return null;
  for (const key of await openingKeys(ctx.db, ctx.config)) {
    try {
      return open(key, sealed, boundTo(organizationId, what)).toString('utf8');
    } catch {
      // Not this key: the next one may be the one it was sealed under.
    }
  }
  // Sealed under another key (the secrets key changed) or copied from another organization.
  ctx.log.warn({ organizationId, what }, 'WhatsApp secret does not open with this installation key');
  return null;
}

/**
 * The Graph API base a phone number's calls go to: WHATSAPP_API_URL, except the demo's numbers,
 * which the stand-in started with the demo answers (never in production).
 */
export function apiUrlFor(config: AppConfig, phoneNumberId: string): string {
  const demo = config.whatsappDemo;
  if (demo && demo.phoneNumberIds.includes(phoneNumberId)) return demo.url;
  // Always set by the settings (WHATSAPP_API_URL or Meta's); empty only in an app built without it.
  return config.whatsappApiUrl ?? '';
}

export interface Connection {
  organizationId: number;
  enabled: boolean;
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string | null;
  appSecret: string | null;
  events: Record<WhatsAppEvent, boolean>;
  pausedUntil: Date | null;
  baseUrl: string;
}

type SettingsRow = typeof s.$inferSelect;

async function toConnection(ctx: WhatsAppContext, row: SettingsRow): Promise<Connection> {
  return {
    organizationId: row.organizationId,
    enabled: row.enabled,
    phoneNumberId: row.phoneNumberId,
    businessAccountId: row.businessAccountId,
    accessToken: await openSecret(ctx, row.organizationId, 'accessToken', row.accessToken),
    appSecret: await openSecret(ctx, row.organizationId, 'appSecret', row.appSecret),
    events: { ...allWhatsAppEventsOn, ...row.events },
    pausedUntil: row.pausedUntil,
    baseUrl: apiUrlFor(ctx.config, row.phoneNumberId),
  };
}

/** The organization's connection, its secrets opened; null when it never saved one. */
export async function loadConnection(ctx: WhatsAppContext, organizationId: number): Promise<Connection | null> {
  const [row] = await ctx.db.select().from(s).where(eq(s.organizationId, organizationId));
  return row ? toConnection(ctx, row) : null;
}

/** The connection of the organization whose number this is (webhooks are routed by it). */
export async function connectionOfPhoneNumber(ctx: WhatsAppContext, phoneNumberId: string) {
  const [row] = await ctx.db.select().from(s).where(eq(s.phoneNumberId, phoneNumberId));
  return row ? toConnection(ctx, row) : null;
}

/** The connections on a WhatsApp Business account (template webhooks name the account, not a number). */
export async function connectionsOfAccount(ctx: WhatsAppContext, businessAccountId: string) {
  const rows = await ctx.db.select().from(s).where(eq(s.businessAccountId, businessAccountId));
  return Promise.all(rows.map((row) => toConnection(ctx, row)));
}

/** The call of a connection, when it has a token. */
export const callOf = (c: Connection): CloudCall | null =>
  c.accessToken && c.baseUrl ? { baseUrl: c.baseUrl, accessToken: c.accessToken } : null;

/** Whether an event's message goes: the organization sends, and this event is on. Read in the event's transaction. */
export async function eventIsOn(tx: Db | Tx, organizationId: number, event: WhatsAppEvent | null): Promise<boolean> {
  const [row] = await tx
    .select({ enabled: s.enabled, events: s.events, hasToken: s.accessToken })
    .from(s)
    .where(eq(s.organizationId, organizationId));
  if (!row?.enabled || !row.hasToken) return false;
  // Nothing goes to customers before the organization's e-mail is confirmed (sign-up).
  if (!(await isVerified(tx, organizationId))) return false;
  return event === null || ({ ...allWhatsAppEventsOn, ...row.events } as Record<string, boolean>)[event] !== false;
}
