import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PRODUCT_NAME, type Permission, type TwoFactorPolicy } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { open, seal } from '../../lib/certificate-store.ts';
import { loadGeneratedSecret } from '../../lib/secrets.ts';

// Two-step sign-in with TOTP (RFC 6238): SHA-1, six digits, 30-second steps, as every authenticator
// app reads from an otpauth:// link. A code is accepted one step either side of the server's clock (a
// phone a little fast or slow) and only once: the step it was for is kept, and a code for that step or
// an earlier one is refused. The secret is kept sealed with a key of the installation, bound to its user.

const PERIOD = 30;
const DIGITS = 6;
/** Steps either side of now a code may be for (±30 s). */
const DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

const keys = new WeakMap<Db, Promise<Buffer>>();
function sealingKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadGeneratedSecret(db, 'two-factor-key').then((s) => createHash('sha256').update(s).digest());
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}
const boundTo = (organizationId: number, userId: number) => Buffer.from(`totp:${organizationId}:${userId}`);

export async function sealSecret(db: Db, user: { organizationId: number; id: number }, base32: string) {
  return seal(await sealingKey(db), Buffer.from(base32), boundTo(user.organizationId, user.id));
}
export async function openSecret(db: Db, user: { organizationId: number; id: number }, sealed: string) {
  return open(await sealingKey(db), sealed, boundTo(user.organizationId, user.id)).toString();
}

const totp = (base32: string, label = '') =>
  new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  });

/** A new secret for `email`: its base32 text, the otpauth link and that link as an SVG QR code. */
export async function newTotpSecret(email: string) {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totp(secret, email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauthUrl, qrSvg };
}

/** The code for `base32` at `timestamp` (ms): for tests and the stand-ins of a phone. */
export const totpCode = (base32: string, timestamp = Date.now()) => totp(base32).generate({ timestamp });

/**
 * The time step a six-digit code is for, when it is right for now ±1 step and newer than `lastStep`;
 * otherwise null.
 */
export function acceptedStep(base32: string, code: string, lastStep: number | null, now = Date.now()) {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(base32).validate({ token, timestamp: now, window: DRIFT_STEPS });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashRecovery = (code: string) => createHash('sha256').update(normalizeRecovery(code)).digest('hex');
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new recovery codes ("abcde-23456", 50 bits each) in place of the user's old ones; returned once. */
export async function replaceRecoveryCodes(tx: Tx, user: { organizationId: number; id: number }) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  const t = schema.userRecoveryCodes;
  await tx.delete(t).where(and(eq(t.organizationId, user.organizationId), eq(t.userId, user.id)));
  await tx
    .insert(t)
    .values(codes.map((c) => ({ organizationId: user.organizationId, userId: user.id, codeHash: hashRecovery(c) })));
  return codes;
}

type EnrolledUser = {
  id: number;
  organizationId: number;
  totpSecret: string | null;
  totpLastStep: number | null;
};

/**
 * Whether `code` is the user's second factor now: a code from the app (kept as used), or an unused
 * recovery code (spent). Run in the transaction that acts on it, with the user's row locked.
 */
export async function checkSecondFactor(db: Db, tx: Tx, user: EnrolledUser, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = acceptedStep(await openSecret(db, user, user.totpSecret), code, user.totpLastStep);
  if (step !== null) {
    await tx
      .update(schema.users)
      .set({ totpLastStep: step })
      .where(and(eq(schema.users.id, user.id), eq(schema.users.organizationId, user.organizationId)));
    return true;
  }
  if (normalizeRecovery(code).length !== 10) return false;
  const t = schema.userRecoveryCodes;
  const spent = await tx
    .update(t)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(t.organizationId, user.organizationId),
        eq(t.userId, user.id),
        eq(t.codeHash, hashRecovery(code)),
        isNull(t.usedAt),
      ),
    )
    .returning({ id: t.id });
  return spent.length > 0;
}

/**
 * Whether the organization's rule makes a second step required of a user whose role holds these
 * permissions: 'admins' means whoever may manage users (and so could hand anyone any role).
 */
export function twoFactorRequired(policy: TwoFactorPolicy, permissions: ReadonlySet<Permission>) {
  if (policy === 'everyone') return true;
  return policy === 'admins' && permissions.has('user.manage');
}

/** Locks and reads the user's second-factor columns. */
export async function lockTwoFactor(tx: Tx, user: { organizationId: number; id: number }) {
  const u = schema.users;
  const [row] = await tx
    .select({
      id: u.id,
      organizationId: u.organizationId,
      name: u.name,
      email: u.email,
      role: u.role,
      isActive: u.isActive,
      passwordHash: u.passwordHash,
      totpSecret: u.totpSecret,
      totpPendingSecret: u.totpPendingSecret,
      totpLastStep: u.totpLastStep,
      twoFactorEnabledAt: u.twoFactorEnabledAt,
      policy: schema.organizations.twoFactor,
    })
    .from(u)
    .innerJoin(schema.organizations, eq(schema.organizations.id, u.organizationId))
    .where(and(eq(u.id, user.id), eq(u.organizationId, user.organizationId)))
    .for('update', { of: u });
  return row;
}

/**
 * Turns on the pending secret when `code` is right for it (now ±1 step): the secret becomes the
 * user's, ten recovery codes are made and returned. null when the code is wrong or nothing is pending.
 */
export async function confirmPending(
  db: Db,
  tx: Tx,
  user: { id: number; organizationId: number; totpPendingSecret: string | null },
  code: string,
): Promise<string[] | null> {
  if (!user.totpPendingSecret) return null;
  const base32 = await openSecret(db, user, user.totpPendingSecret);
  const step = acceptedStep(base32, code, null);
  if (step === null) return null;
  await tx
    .update(schema.users)
    .set({
      totpSecret: user.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
      twoFactorEnabledAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(schema.users.id, user.id), eq(schema.users.organizationId, user.organizationId)));
  return replaceRecoveryCodes(tx, user);
}

/** Starts an enrolment: a new secret kept as pending (sealed) until a code from it confirms it. */
export async function startEnrolment(db: Db, user: { id: number; organizationId: number; email: string }) {
  const setup = await newTotpSecret(user.email);
  await db
    .update(schema.users)
    .set({ totpPendingSecret: await sealSecret(db, user, setup.secret) })
    .where(and(eq(schema.users.id, user.id), eq(schema.users.organizationId, user.organizationId)));
  return setup;
}

/** Removes the user's second factor and recovery codes (turning it off, or an admin's reset). */
export async function removeSecondFactor(tx: Tx, user: { organizationId: number; id: number }) {
  await tx
    .update(schema.users)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
      twoFactorEnabledAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(schema.users.id, user.id), eq(schema.users.organizationId, user.organizationId)));
  const t = schema.userRecoveryCodes;
  await tx.delete(t).where(and(eq(t.organizationId, user.organizationId), eq(t.userId, user.id)));
}
