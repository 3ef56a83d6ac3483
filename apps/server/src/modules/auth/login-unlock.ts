import { PRODUCT_NAME } from '@ordem-certa/contracts';
import { countHit } from '../../lib/rate-limit-store.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { sendAccountMail, type AccountMailDeps } from '../../core/access/account-mail.ts';

/**
 * The owner's way past an account that strangers are guessing at. While the account is held (many
 * wrong passwords from addresses it never used), each new address waits between tries; the owner
 * gets an e-mail with a link that opens the login page carrying a signed token for that e-mail, and
 * a login with it skips the wait (the per-address limits still count). No CAPTCHA, no hard lock.
 */
const PURPOSE = 'login-unlock';
/** How long an unlock link works. */
export const UNLOCK_LINK_TTL_SECONDS = 60 * 60;
/** At most one unlock e-mail per account in this window, however many tries are held back. */
export const UNLOCK_MAIL_WINDOW_MS = 15 * 60_000;

export type UnlockDeps = AccountMailDeps;

/** Whether `token` is a live unlock link for this e-mail. */
export async function unlocks(links: LinkSigner, email: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const claims = await links.verify(PURPOSE, token);
  return typeof claims === 'object' && claims.email === email;
}

/** The e-mail for a held account: once per window, and only to an active user of that e-mail. */
export async function mailUnlockLink(deps: UnlockDeps, user: { email: string; name: string }) {
  const email = user.email.toLowerCase();
  const { current } = await countHit(deps.db, `login-unlock-mail:${email}`, UNLOCK_MAIL_WINDOW_MS);
  if (current > 1) return;
  const token = await deps.links.sign(PURPOSE, { email }, UNLOCK_LINK_TTL_SECONDS);
  const url = `${deps.appUrl}/login?desbloqueio=${encodeURIComponent(token)}`;
  await sendAccountMail(deps, user, {
    subject: 'desbloqueie o acesso à sua conta',
    before: [
      `Houve muitas tentativas erradas de entrar na sua conta do ${PRODUCT_NAME}, e por isso novos acessos estão esperando entre uma tentativa e outra.`,
      'Se é você tentando entrar, use este link (vale por 1 hora) e entre com sua senha, sem esperar:',
    ],
    link: { url, label: 'Entrar sem esperar' },
    after: [
      'Se não foi você, sua conta continua protegida e você não precisa fazer nada. Se quiser, troque a senha depois de entrar.',
    ],
  });
}
