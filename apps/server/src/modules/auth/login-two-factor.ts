import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { PRODUCT_NAME, twoFactorMessages, type LoginTwoFactorBody } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { AppError, invalid, tooMany, unauthorized } from '../../lib/errors.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import type { TokenService } from '../../plugins/auth.ts';
import { sendAccountMail, type AccountMailDeps } from '../../core/access/account-mail.ts';
import { openSession, recordSignIn, type Client } from '../../core/access/sessions.ts';
import { checkSecondFactor, confirmPending, lockTwoFactor, startEnrolment } from '../../core/access/two-factor.ts';

// The second step of a login: the password was right, and the answer was a challenge instead of a
// token. The challenge is random, kept only as its hash, works for CHALLENGE_MINUTES and once; each
// takes MAX_CODES_PER_CHALLENGE wrong codes, and a user MAX_CODES_PER_USER across challenges in
// CODE_WINDOW_MINUTES (a new password each time does not buy more guesses at the code).

export const CHALLENGE_MINUTES = 5;
export const MAX_CODES_PER_CHALLENGE = 5;
export const MAX_CODES_PER_USER = 10;
export const CODE_WINDOW_MINUTES = 15;

/** "Lembrar este navegador por 30 dias": a signed, httpOnly cookie for the login path only. */
export const REMEMBER_COOKIE = 'oc_2fa_remember';
export const REMEMBER_DAYS = 30;
const REMEMBER_PURPOSE = 'two-factor-remember';

const hashOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

type SignInUser = {
  id: number;
  organizationId: number;
  name: string;
  email: string;
  role: string;
  tokenVersion: number;
};
export type SignInDeps = AccountMailDeps & { tokens: TokenService };

/** A challenge for the user's second step. */
export async function openChallenge(db: Db, user: { id: number; organizationId: number }, client: Client) {
  const challenge = randomBytes(32).toString('base64url');
  await db.insert(schema.loginChallenges).values({
    organizationId: user.organizationId,
    userId: user.id,
    tokenHash: hashOf(challenge),
    ip: client.ip,
    userAgent: client.userAgent,
    expiresAt: sql`now() + make_interval(mins => ${CHALLENGE_MINUTES})`,
  });
  return challenge;
}

/** Opens the session, records the sign-in and signs its token; a new browser is told to the user by e-mail. */
export async function signIn(deps: SignInDeps, user: SignInUser, client: Client) {
  const who = { organizationId: user.organizationId, userId: user.id };
  const { sessionId, newBrowser } = await deps.db.transaction((tx) => openSession(tx, who, client));
  if (newBrowser) {
    void mailNewBrowser(deps, user, client).catch((err: unknown) =>
      deps.log.error({ err }, 'new-browser e-mail not sent'),
    );
  }
  return deps.tokens.sign({ ...user, sessionId });
}

function mailNewBrowser(deps: AccountMailDeps, user: SignInUser, client: Client) {
  const { browser, system } = describeUserAgent(client.userAgent);
  const when = new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date());
  return sendAccountMail(deps, user, {
    subject: 'novo acesso à sua conta',
    before: [
      `Sua conta do ${PRODUCT_NAME} foi acessada de um navegador novo: ${browser} no ${system}, endereço ${client.ip}, em ${when} (horário de Brasília).`,
      'Se foi você, não precisa fazer nada. Se não foi, troque a senha e encerre a sessão em Perfil › Sessões:',
    ],
    link: { url: `${deps.appUrl}/profile`, label: 'Abrir o perfil' },
    after: [],
  });
}

/** Whether the login's remember cookie is this user's, made under their current second factor. */
export async function remembers(
  links: LinkSigner,
  cookie: string | undefined,
  user: { id: number; twoFactorEnabledAt: Date | null },
) {
  if (!cookie || !user.twoFactorEnabledAt) return false;
  const claims = await links.verify(REMEMBER_PURPOSE, cookie);
  return typeof claims === 'object' && claims.u === user.id && claims.e === user.twoFactorEnabledAt.getTime();
}

export const rememberCookieValue = (links: LinkSigner, user: { id: number; twoFactorEnabledAt: Date }) =>
  links.sign(REMEMBER_PURPOSE, { u: user.id, e: user.twoFactorEnabledAt.getTime() }, REMEMBER_DAYS * 86_400);

/** The live challenge behind `challenge`; 401 when it is unknown, spent or expired. */
async function liveChallenge(db: Db, challenge: string) {
  const c = schema.loginChallenges;
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.tokenHash, hashOf(challenge)), sql`${c.usedAt} IS NULL`, gt(c.expiresAt, sql`now()`)));
  if (!row) throw unauthorized(twoFactorMessages.challengeExpired);
  return row;
}

/** POST login/two-factor/setup: the secret to enrol during a login the organization requires it for. */
export async function setupDuringLogin(db: Db, challenge: string) {
  const row = await liveChallenge(db, challenge);
  const [user] = await db
    .select({ id: schema.users.id, email: schema.users.email, totpSecret: schema.users.totpSecret })
    .from(schema.users)
    .where(and(eq(schema.users.id, row.userId), eq(schema.users.organizationId, row.organizationId)));
  if (!user || user.totpSecret) throw invalid({ challenge: twoFactorMessages.alreadyEnabled });
  return startEnrolment(db, { ...user, organizationId: row.organizationId });
}

type Outcome =
  | { kind: 'refused'; error: AppError }
  | { kind: 'wrong'; error: AppError }
  | { kind: 'ok'; user: SignInUser & { twoFactorEnabledAt: Date }; recoveryCodes?: string[] };

/**
 * POST login/two-factor: the code (or a recovery code) for a challenge gives the token. A wrong code
 * is counted on the challenge, in the same transaction that judged it; past the limits the challenge
 * is spent and the user starts again from the password.
 */
export async function loginTwoFactor(deps: SignInDeps, body: LoginTwoFactorBody, client: Client) {
  const { db } = deps;
  const c = schema.loginChallenges;
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(c)
      .where(and(eq(c.tokenHash, hashOf(body.challenge)), sql`${c.usedAt} IS NULL`, gt(c.expiresAt, sql`now()`)))
      .for('update');
    if (!row) return { kind: 'refused', error: unauthorized(twoFactorMessages.challengeExpired) };
    const who = { organizationId: row.organizationId, userId: row.userId };
    const user = await lockTwoFactor(tx, { organizationId: row.organizationId, id: row.userId });
    if (!user?.isActive) return { kind: 'refused', error: unauthorized(twoFactorMessages.challengeExpired) };
    const [recent] = await tx
      .select({ failures: sql<number>`coalesce(sum(${c.failures}), 0)::int` })
      .from(c)
      .where(
        and(eq(c.userId, row.userId), sql`${c.createdAt} > now() - make_interval(mins => ${CODE_WINDOW_MINUTES})`),
      );
    if (row.failures >= MAX_CODES_PER_CHALLENGE || recent!.failures >= MAX_CODES_PER_USER) {
      await tx
        .update(c)
        .set({ usedAt: sql`now()` })
        .where(eq(c.id, row.id));
      return { kind: 'refused', error: tooMany(twoFactorMessages.tooManyCodes) };
    }
    let recoveryCodes: string[] | undefined;
    let right: boolean;
    if (user.totpSecret) right = await checkSecondFactor(db, tx, user, body.code);
    else if (!user.totpPendingSecret) return { kind: 'wrong', error: invalid({ code: twoFactorMessages.notPending }) };
    else {
      // Enrolment the organization requires: the first right code turns the secret on.
      recoveryCodes = (await confirmPending(db, tx, user, body.code)) ?? undefined;
      right = !!recoveryCodes;
    }
    if (!right) {
      await tx
        .update(c)
        .set({ failures: sql`${c.failures} + 1` })
        .where(eq(c.id, row.id));
      await recordSignIn(tx, who, 'wrong_code', client);
      return { kind: 'wrong', error: invalid({ code: twoFactorMessages.codeInvalid }) };
    }
    await tx
      .update(c)
      .set({ usedAt: sql`now()` })
      .where(eq(c.id, row.id));
    const [after] = await tx
      .select({ tokenVersion: schema.users.tokenVersion, twoFactorEnabledAt: schema.users.twoFactorEnabledAt })
      .from(schema.users)
      .where(eq(schema.users.id, user.id));
    return {
      kind: 'ok',
      user: { ...user, tokenVersion: after!.tokenVersion, twoFactorEnabledAt: after!.twoFactorEnabledAt! },
      recoveryCodes,
    };
  });
  if (outcome.kind !== 'ok') throw outcome.error;
  const token = await signIn(deps, outcome.user, client);
  const remember = body.remember ? await rememberCookieValue(deps.links, outcome.user) : undefined;
  return { token, recoveryCodes: outcome.recoveryCodes, remember };
}
