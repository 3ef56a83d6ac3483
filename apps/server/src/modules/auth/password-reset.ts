import { and, eq, sql } from 'drizzle-orm';
import {
  PASSWORD_RESET_TTL_MINUTES,
  passwordResetMessages,
  type PasswordResetBody,
  type PasswordResetConfirmBody,
} from '@ordem-certa/contracts';
import { hashPassword, schema } from '@ordem-certa/db';
import { countHit } from '../../lib/rate-limit-store.ts';
import { AppError } from '../../lib/errors.ts';
import { sendAccountMail, type AccountMailDeps } from '../../core/access/account-mail.ts';

/**
 * "Esqueci minha senha": the e-mail carries a signed link naming the user and their token version.
 * Setting the password moves the version on, which ends every session and makes the link (and any
 * other link sent before) single-use: a second use, or one after an admin changed the password, finds
 * another version and is refused like a late one.
 */
const PURPOSE = 'password-reset';
/** At most this many reset e-mails per address in an hour, however often it is asked. */
export const MAX_RESET_MAILS_PER_HOUR = 3;

const u = schema.users;

/** POST /api/password-reset: the e-mail goes out after the answer, so the answer tells nothing. */
export function requestPasswordReset(deps: AccountMailDeps, body: PasswordResetBody) {
  void sendResetMail(deps, body.email).catch((err: unknown) => deps.log.error({ err }, 'reset e-mail not sent'));
}

async function sendResetMail(deps: AccountMailDeps, email: string) {
  const [user] = await deps.db
    .select({ id: u.id, name: u.name, email: u.email, isActive: u.isActive, tokenVersion: u.tokenVersion })
    .from(u)
    .where(eq(sql`lower(${u.email})`, email));
  if (!user?.isActive) return;
  const { current } = await countHit(deps.db, `password-reset-mail:${email}`, 60 * 60_000);
  if (current > MAX_RESET_MAILS_PER_HOUR) return;
  const token = await deps.links.sign(
    PURPOSE,
    { uid: user.id, ver: user.tokenVersion },
    PASSWORD_RESET_TTL_MINUTES * 60,
  );
  await sendAccountMail(deps, user, {
    subject: 'criar uma nova senha',
    before: [
      'Recebemos um pedido para criar uma nova senha para a sua conta.',
      `Para criar a nova senha, use este link (vale por ${PASSWORD_RESET_TTL_MINUTES / 60} hora e uma só vez):`,
    ],
    link: { url: `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`, label: 'Criar nova senha' },
    after: ['Se não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.'],
  });
}

const linkGone = () => new AppError(410, [passwordResetMessages.linkInvalid]);

/** POST /api/password-reset/confirm: 410 for a link that is altered, late, used or of a deactivated user. */
export async function confirmPasswordReset(
  deps: Pick<AccountMailDeps, 'db' | 'links'>,
  body: PasswordResetConfirmBody,
) {
  const claims = await deps.links.verify(PURPOSE, body.token);
  if (typeof claims !== 'object' || typeof claims.uid !== 'number' || typeof claims.ver !== 'number') throw linkGone();
  const passwordHash = await hashPassword(body.password);
  // One statement: of two uses at once, only the first finds the version it names.
  const changed = await deps.db
    .update(u)
    .set({ passwordHash, tokenVersion: sql`${u.tokenVersion} + 1` })
    .where(and(eq(u.id, claims.uid), eq(u.tokenVersion, claims.ver), eq(u.isActive, true)))
    .returning({ id: u.id });
  if (changed.length === 0) throw linkGone();
}
