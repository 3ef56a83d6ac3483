import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { messages, type LoginBody, type LoginResponse } from '@ordem-certa/contracts';
import { hashPassword, schema, verifyPassword, type Db } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { tooMany, unauthorized } from '../../lib/errors.ts';
import type { TokenService } from '../../plugins/auth.ts';
import { mailUnlockLink, unlocks, type UnlockDeps } from './login-unlock.ts';
import { recordSignIn, type Client } from '../../core/access/sessions.ts';
import { twoFactorRequired } from '../../core/access/two-factor.ts';
import { permissionsOfUser } from '../../core/access/role-of.ts';
import { openChallenge, remembers, signIn } from './login-two-factor.ts';

/** Failed logins count for this long. */
export const LOGIN_WINDOW_MINUTES = 15;
/** Wrong passwords for one account from one address before that pair waits out the window. */
export const MAX_FAILURES_PER_ACCOUNT_AND_SOURCE = 5;
/** Wrong passwords from one address, any account. */
export const MAX_FAILURES_PER_SOURCE = 30;
/**
 * Wrong passwords for one account from everywhere: past this the account is held. Addresses it has
 * logged in from before (in the last KNOWN_SOURCE_DAYS) still try freely; a new address waits between
 * tries (accountWaitSeconds: 2 s, 4 s, ... up to a minute after the account's last failure), so
 * guessing from many addresses slows to about one try a minute, and the owner, wherever he is, is
 * e-mailed a link that skips the wait. Nobody can lock the owner out.
 */
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const KNOWN_SOURCE_DAYS = 30;
export const MAX_ACCOUNT_WAIT_SECONDS = 60;
/** How long a new address waits after the account's last failure, given its failures in the window. */
export const accountWaitSeconds = (failures: number) =>
  failures < MAX_FAILURES_PER_ACCOUNT
    ? 0
    : Math.min(MAX_ACCOUNT_WAIT_SECONDS, 2 ** (failures - MAX_FAILURES_PER_ACCOUNT + 1));
const PRUNE_EVERY_MS = 10 * 60_000;

/** A hash to check unknown e-mails against, so they cost the same work as a wrong password. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

let lastPrune = 0;
/** For tests: the next login prunes. */
export const pruneNow = () => {
  lastPrune = 0;
};
/** Failures older than a day, successes older than KNOWN_SOURCE_DAYS, spent challenges and old history go now and then. */
async function pruneAttempts(db: Db) {
  if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = Date.now();
  await db.execute(sql`
    DELETE FROM login_attempts
    WHERE (NOT succeeded AND created_at < now() - interval '1 day')
       OR created_at < now() - make_interval(days => ${KNOWN_SOURCE_DAYS})`);
  await db.execute(sql`DELETE FROM login_challenges WHERE expires_at < now() - interval '1 day'`);
  await db.execute(sql`DELETE FROM sign_in_events WHERE created_at < now() - interval '180 days'`);
}

/**
 * Reserves one attempt for (e-mail, address), or answers why not. Under a per-account advisory lock,
 * in one short transaction: count, decide, insert the attempt as failed. Parallel requests for one
 * account are thus judged one after the other, each seeing the ones before (100 at once get exactly
 * the allowed tries). The row is marked succeeded after the password matched. The state lives in the
 * database, so every server instance sees the same counts.
 */
async function reserveAttempt(
  db: Db,
  email: string,
  ip: string,
  unlocked: boolean,
): Promise<number | 'blocked' | 'held'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login:${email}`}, 0))`);
    const window = sql`now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES})`;
    const [counts] = await queryRows<{
      pair: number;
      account: number;
      source: number;
      known: boolean;
      sinceLast: number | null;
    }>(
      tx,
      sql`SELECT
        (SELECT count(*)::int FROM login_attempts
          WHERE email = ${email} AND ip = ${ip} AND NOT succeeded AND created_at > ${window}) AS pair,
        (SELECT count(*)::int FROM login_attempts
          WHERE email = ${email} AND NOT succeeded AND created_at > ${window}) AS account,
        (SELECT count(*)::int FROM login_attempts
          WHERE ip = ${ip} AND NOT succeeded AND created_at > ${window}) AS source,
        EXISTS (SELECT 1 FROM login_attempts
          WHERE email = ${email} AND ip = ${ip} AND succeeded
            AND created_at > now() - make_interval(days => ${KNOWN_SOURCE_DAYS})) AS known,
        (SELECT extract(epoch FROM clock_timestamp() - max(created_at))::float8 FROM login_attempts
          WHERE email = ${email} AND NOT succeeded AND created_at > ${window}) AS "sinceLast"`,
    );
    const c = counts!;
    if (c.pair >= MAX_FAILURES_PER_ACCOUNT_AND_SOURCE || c.source >= MAX_FAILURES_PER_SOURCE) return 'blocked';
    if (!c.known && !unlocked && c.sinceLast !== null && c.sinceLast < accountWaitSeconds(c.account)) return 'held';
    const [row] = await tx
      .insert(schema.loginAttempts)
      .values({ email, ip, succeeded: false })
      .returning({ id: schema.loginAttempts.id });
    return row!.id;
  });
}

const findUser = async (db: Db, email: string) =>
  (
    await db
      .select()
      .from(schema.users)
      .where(eq(sql`lower(${schema.users.email})`, email))
  )[0];

export async function login(
  deps: UnlockDeps & { tokens: TokenService },
  body: LoginBody,
  client: Client & { remembered?: string },
): Promise<LoginResponse> {
  const { db } = deps;
  const { ip } = client;
  const email = body.username.toLowerCase();
  await pruneAttempts(db);
  const attempt = await reserveAttempt(db, email, ip, await unlocks(deps.links, email, body.unlock));
  if (attempt === 'blocked') throw tooMany(messages.loginTooMany);
  if (attempt === 'held') {
    // The e-mail goes out after the answer, so how long the answer takes tells nothing about
    // whether the account exists.
    void findUser(db, email)
      .then((u) => (u?.isActive ? mailUnlockLink(deps, u) : undefined))
      .catch((err: unknown) => deps.log.error({ err }, 'unlock e-mail not sent'));
    throw tooMany(messages.loginAccountHeld);
  }
  const user = await findUser(db, email);
  // The same hashing work whether the account exists, is inactive or not: timing tells nothing.
  const matches = await verifyPassword(body.password, user?.passwordHash ?? (await decoy()));
  const ok = !!user && user.isActive && matches;
  if (!ok || !user) {
    // The owner's history shows the failure; written after the answer, so it costs the answer no time.
    if (user?.isActive) {
      void recordSignIn(db, { organizationId: user.organizationId, userId: user.id }, 'wrong_password', client).catch(
        (err: unknown) => deps.log.error({ err }, 'sign-in failure not recorded'),
      );
    }
    throw unauthorized(messages.loginUnauthorized);
  }
  await db.update(schema.loginAttempts).set({ succeeded: true }).where(eq(schema.loginAttempts.id, attempt));
  const [org] = await db
    .select({ policy: schema.organizations.twoFactor })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, user.organizationId));
  if (user.totpSecret) {
    if (await remembers(deps.links, client.remembered, user)) return { token: await signIn(deps, user, client) };
    return { twoFactorRequired: true, challenge: await openChallenge(db, user, client), enrolmentRequired: false };
  }
  if (twoFactorRequired(org!.policy, await permissionsOfUser(db, user))) {
    return { twoFactorRequired: true, challenge: await openChallenge(db, user, client), enrolmentRequired: true };
  }
  return { token: await signIn(deps, user, client) };
}

export async function getMe(db: Db, userId: number, organizationId: number) {
  const [row] = await db
    .select({
      id: schema.users.id,
      name: schema.users.name,
      email: schema.users.email,
      role: schema.users.role,
      orgId: schema.organizations.id,
      orgName: schema.organizations.name,
      timeZone: schema.organizations.timeZone,
      features: schema.organizations.features,
      verifiedAt: schema.organizations.verifiedAt,
    })
    .from(schema.users)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.users.organizationId))
    .where(and(eq(schema.users.id, userId), eq(schema.users.organizationId, organizationId)));
  return row;
}
