import { ROLE_ADMIN, signupMessages, type SignupBody } from '@ordem-certa/contracts';
import type { AccountMailDeps } from '../../core/access/account-mail.ts';
import { isVerified, queueEmailVerification, sendAccountEmails } from '../../core/access/email-verification.ts';
import { openSession, type Client } from '../../core/access/sessions.ts';
import { createShop, EmailTaken } from '../../core/organizations/new-shop.ts';
import { countHit } from '../../lib/rate-limit-store.ts';
import { AppError, invalid, tooMany } from '../../lib/errors.ts';
import type { TokenService } from '../../plugins/auth.ts';

/** Sign-ups with one e-mail in an hour, whichever address they come from. */
export const MAX_SIGNUPS_PER_EMAIL_PER_HOUR = 3;
/** Links asked again by one user in an hour. */
export const MAX_RESENDS_PER_HOUR = 3;

export type SignupDeps = AccountMailDeps & { tokens: TokenService; open: boolean };

export const closedError = () => new AppError(403, [signupMessages.closed]);

/** Sends the queued e-mails after their commit; what fails here the job sends later. */
function sendSoon(deps: AccountMailDeps, id: number) {
  void sendAccountEmails(deps, [id]).catch((err: unknown) => deps.log.error({ err }, 'account e-mail not sent'));
}

/**
 * POST /api/signup: the shop (organization, owner, first company, default registers) in one
 * transaction with its confirmation e-mail queued, then the owner's first session. A robot that
 * filled the hidden field is refused without a word about why; an e-mail that already has an account
 * is said to be unusable, and no more.
 */
export async function signup(deps: SignupDeps, body: SignupBody, client: Client) {
  if (!deps.open) throw closedError();
  if (body.website) throw invalid({ _: signupMessages.refused });
  const email = body.owner.email;
  const { current } = await countHit(deps.db, `signup-email:${email}`, 60 * 60_000);
  if (current > MAX_SIGNUPS_PER_EMAIL_PER_HOUR) throw tooMany(signupMessages.tooMany);
  const created = await createShop(deps.db, {
    name: body.company.alias ?? body.company.name,
    owner: body.owner,
    company: body.company,
    verified: false,
  }).catch((err: unknown) => {
    if (err instanceof EmailTaken) throw invalid({ 'owner.email': signupMessages.emailUnavailable });
    throw err;
  });
  const who = { organizationId: created.organization.id, userId: created.admin.id };
  const { sessionId } = await deps.db.transaction((tx) => openSession(tx, who, client));
  if (created.mailId) sendSoon(deps, created.mailId);
  const token = await deps.tokens.sign({
    id: created.admin.id,
    name: created.admin.name,
    email: created.admin.email,
    role: ROLE_ADMIN,
    organizationId: created.organization.id,
    tokenVersion: 0,
    sessionId,
  });
  return { token, organizationId: created.organization.id };
}

/** POST organizations/{orgId}/email-verification: a new link to the caller, while not confirmed yet. */
export async function resendVerification(deps: AccountMailDeps, who: { organizationId: number; userId: number }) {
  if (await isVerified(deps.db, who.organizationId)) return { message: signupMessages.verified };
  const { current } = await countHit(deps.db, `email-verification:${who.userId}`, 60 * 60_000);
  if (current > MAX_RESENDS_PER_HOUR) throw tooMany(signupMessages.resendTooMany);
  const id = await queueEmailVerification(deps.db, who);
  sendSoon(deps, id);
  return { message: signupMessages.verifySent };
}
