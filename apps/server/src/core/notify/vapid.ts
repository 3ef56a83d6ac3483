import { loadWebPush } from './web-push.ts';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@ordem-certa/db';

const VAPID_SECRET = 'vapid';

export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url: what browsers subscribe with (applicationServerKey). */
  publicKey: string;
  privateKey: string;
  /** Who runs the server, for the push services: a mailto: or https: URL. */
  subject: string;
}

export interface VapidSettings {
  publicKey?: string;
  privateKey?: string;
  subject?: string;
}

/** The default VAPID subject: the product's no-reply address at the host people open the app at. */
export function defaultVapidSubject(appUrl: string | undefined) {
  let host = 'localhost';
  try {
    if (appUrl) host = new URL(appUrl).hostname || host;
  } catch {
    // An unreadable APP_URL keeps the default host.
  }
  return `mailto:nao-responda@${host}`;
}

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, else one pair generated
 * once and kept in the database (app_secrets), like the login signing key, so every instance signs
 * alike and browsers' subscriptions outlive restarts. The first instance to start inserts it; the
 * others read the winner's row.
 */
export async function loadVapidKeys(db: Db, settings: VapidSettings, appUrl?: string): Promise<VapidKeys> {
  const subject = settings.subject || defaultVapidSubject(appUrl);
  if (settings.publicKey && settings.privateKey)
    return { publicKey: settings.publicKey, privateKey: settings.privateKey, subject };
  const read = async () =>
    (
      await db
        .select({ value: schema.appSecrets.value })
        .from(schema.appSecrets)
        .where(eq(schema.appSecrets.name, VAPID_SECRET))
    )[0]?.value;
  let stored = await read();
  if (!stored) {
    const generated = (await loadWebPush()).generateVAPIDKeys();
    await db
      .insert(schema.appSecrets)
      .values({ name: VAPID_SECRET, value: JSON.stringify(generated) })
      .onConflictDoNothing();
    stored = await read();
  }
  if (!stored) throw new Error('could not store the VAPID keys');
  const keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}
