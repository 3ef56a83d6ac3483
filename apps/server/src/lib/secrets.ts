import { existsSync, readFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@ordem-certa/db';

const JWT_SECRET = 'jwt';

/**
 * The login tokens' signing key: JWT_SECRET when set, else one key generated once and kept in the
 * database, so every instance on that database signs and verifies alike with no per-instance
 * setting. The first instance to start inserts it; the others read the winner's row. An embedded
 * installation from before this keeps the key it had in `DATA_DIR/jwt-secret` (tokens stay valid).
 */
export async function loadJwtSecret(db: Db, opts: { override?: string; legacyFile?: string } = {}): Promise<string> {
  if (opts.override) return opts.override;
  const read = async () =>
    (
      await db
        .select({ value: schema.appSecrets.value })
        .from(schema.appSecrets)
        .where(eq(schema.appSecrets.name, JWT_SECRET))
    )[0]?.value;
  const existing = await read();
  if (existing) return existing;
  const legacy = opts.legacyFile && existsSync(opts.legacyFile) ? readFileSync(opts.legacyFile, 'utf8').trim() : '';
  await db
    .insert(schema.appSecrets)
    .values({ name: JWT_SECRET, value: legacy || randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('could not store the signing key');
  return stored;
}

/**
 * A secret of the installation that no setting gives: generated once under `name` in app_secrets, the
 * first instance's row kept by all (as the signing key above).
 */
export async function loadGeneratedSecret(db: Db, name: string): Promise<string> {
  const read = async () =>
    (
      await db
        .select({ value: schema.appSecrets.value })
        .from(schema.appSecrets)
        .where(eq(schema.appSecrets.name, name))
    )[0]?.value;
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(schema.appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`could not store the secret ${name}`);
  return stored;
}

/** Where the key of stored secrets (certificates, their passwords, future tokens) comes from. */
export interface SecretsKeySettings {
  /** NFSE_CERT_KEY, or what SECRETS_KEY_FILE holds: a key kept outside the database. */
  secretsKey?: string;
  /** NODE_ENV=production: secrets are stored only under a key from outside the database. */
  secretsKeyRequired?: boolean;
}

/** A secret cannot be stored: production, and no key outside the database. */
export class SecretsKeyMissing extends Error {
  constructor() {
    super('no secrets key outside the database (NFSE_CERT_KEY or SECRETS_KEY_FILE)');
  }
}

/** The name the database's own key has had since the first stored secrets were NFS-e certificates. */
const KEPT_KEY = 'nfse-cert-key';
const keptKeys = new WeakMap<Db, Promise<Buffer>>();
const toKey = (secret: string) => createHash('sha256').update(secret).digest();

async function readKeptKey(db: Db | Tx): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ value: schema.appSecrets.value })
    .from(schema.appSecrets)
    .where(eq(schema.appSecrets.name, KEPT_KEY));
  return row ? toKey(row.value) : undefined;
}

/** The key kept in the database, made on first use (one lookup per database handle). */
function keptKey(db: Db): Promise<Buffer> {
  let key = keptKeys.get(db);
  if (!key) {
    key = loadGeneratedSecret(db, KEPT_KEY).then(toKey);
    key.catch(() => keptKeys.delete(db));
    keptKeys.set(db, key);
  }
  return key;
}

/**
 * The 32-byte key a new secret is sealed with: the outside key (any string, hashed to 256 bits);
 * without one, in production, none (SecretsKeyMissing: a backup of the database alone must never
 * hold both a secret and its key); elsewhere — the demo, development — one generated once and kept in
 * the database, so every instance on it reads the same one.
 */
export function sealingKey(db: Db, settings: SecretsKeySettings): Promise<Buffer> {
  if (settings.secretsKey) return Promise.resolve(toKey(settings.secretsKey));
  if (settings.secretsKeyRequired) return Promise.reject(new SecretsKeyMissing());
  return keptKey(db);
}

/**
 * The keys a stored secret may open with, the sealing key first: the outside key, then the database's
 * own when it exists (secrets stored before the outside key was set, sealed again under it when read).
 * With an outside key the database's is only read, through `reader` (a transaction holding the
 * embedded database's one connection); without one it may be made, through `db`, so call it before
 * any transaction.
 */
export async function openingKeys(db: Db, settings: SecretsKeySettings, reader: Db | Tx = db): Promise<Buffer[]> {
  if (!settings.secretsKey && !settings.secretsKeyRequired) return [await keptKey(db)];
  const kept = keptKeys.has(db) ? await keptKeys.get(db) : await readKeptKey(reader);
  return [...(settings.secretsKey ? [toKey(settings.secretsKey)] : []), ...(kept ? [kept] : [])];
}

/** Whether a secret can be stored now (the screens say so before asking for one). */
export const canStoreSecrets = (settings: SecretsKeySettings) => !!settings.secretsKey || !settings.secretsKeyRequired;
