import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
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
