import { existsSync, readFileSync } from 'node:fs';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@ordem-certa/db';

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

// Secrets kept in the database (A1 certificates and their passwords, API tokens) are sealed with
// AES-256-GCM. The key is NFSE_CERT_KEY (any string, hashed to 256 bits) or, when it is not set, a
// secret generated once and kept in app_secrets, so every instance on the database reads the same one.
// Each value is sealed with additional data naming what it is and whose, so a value copied to another
// row or organization does not open there.

const SECRETS_KEY = 'nfse-cert-key';
const SEALED_VERSION = 'v1';
const keys = new WeakMap<Db, Promise<Buffer>>();

/** The 32-byte key of this installation (one lookup per database handle). */
export function secretsKey(db: Db, override: string | undefined): Promise<Buffer> {
  if (override) return Promise.resolve(createHash('sha256').update(override).digest());
  let key = keys.get(db);
  if (!key) {
    key = loadGeneratedSecret(db, SECRETS_KEY).then((secret) => createHash('sha256').update(secret).digest());
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** 'v1:' + base64(iv ‖ tag ‖ ciphertext). */
export function seal(key: Buffer, data: Buffer, aad: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(data), cipher.final()]);
  return `${SEALED_VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function open(key: Buffer, sealed: string, aad: Buffer): Buffer {
  const [version, payload] = sealed.split(':');
  if (version !== SEALED_VERSION || !payload) throw new Error('unknown sealed value');
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(aad);
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}
