import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '@ordem-certa/contracts';
import type { Db } from '@ordem-certa/db';
import { escapeHtml } from '../../lib/html.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';

/** What the account e-mails (unlock, new password) need from the app. */
export interface AccountMailDeps {
  db: Db;
  links: LinkSigner;
  mailer: Mailer;
  mailFrom: string | undefined;
  /** Where people open the app: the links in the e-mails start with it. */
  appUrl: string;
  log: FastifyBaseLogger;
}

/** The app's account-mail needs, logging to `log` (the request's, or the app's for a job). */
export const accountMailDeps = (app: FastifyInstance, log: FastifyBaseLogger): AccountMailDeps => ({
  db: app.db,
  links: app.links,
  mailer: app.mailer,
  mailFrom: app.mailFrom,
  appUrl: app.config.appUrl ?? 'http://localhost:3000',
  log,
});

/**
 * An e-mail about the person's own account, from the product (not from a company): a greeting,
 * paragraphs, and at most one link. Text and HTML say the same; every value is escaped in the HTML.
 */
export function sendAccountMail(
  deps: AccountMailDeps,
  to: { email: string; name: string },
  mail: { subject: string; before: string[]; link?: { url: string; label: string }; after: string[] },
) {
  const text = [`Olá, ${to.name}.`, ...mail.before, ...(mail.link ? [mail.link.url] : []), ...mail.after].join('\n\n');
  const html = [
    ...[`Olá, ${to.name}.`, ...mail.before].map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(mail.link ? [`<p><a href="${escapeHtml(mail.link.url)}">${escapeHtml(mail.link.label)}</a></p>`] : []),
    ...mail.after.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return deps.mailer.send({
    from: { name: PRODUCT_NAME, address: deps.mailFrom ?? `nao-responda@${new URL(deps.appUrl).hostname}` },
    to: [to.email],
    subject: `${PRODUCT_NAME}: ${mail.subject}`,
    html,
    text,
    attachments: [],
  });
}
