import { and, eq, gt, isNull } from 'drizzle-orm';
import { schema, type Db } from '@ordem-certa/db';
import { newPortalToken } from './portal-session.ts';

// An access link that goes by a channel whose outbox keeps its messages (WhatsApp) is written without a
// usable token: its row holds the hash of a random token nobody keeps, and the outbox row names the
// link by id. The sender arms it as it sends — a new token whose hash replaces the stored one — and puts
// the URL into the message it hands over, so the token exists only in memory and in the message sent,
// never in the database. Armed again (a resend), the earlier token stops working.

/** What the stored message shows where the link goes (the URL is made as it is sent). */
export const PORTAL_LINK_PLACEHOLDER = '[link de acesso, criado no envio]';

/** The portal's access page for `token`. */
export const portalLinkUrl = (appUrl: string, token: string) =>
  `${appUrl}/portal/acesso?token=${encodeURIComponent(token)}`;

const links = schema.portalLinks;

/**
 * The link `linkId` of the organization given a new token, which is returned; null when the link is
 * used, late or unknown (the message then goes nowhere).
 */
export async function armPortalLink(db: Db, organizationId: number, linkId: number, now = new Date()) {
  const { token, hash } = newPortalToken();
  const [armed] = await db
    .update(links)
    .set({ tokenHash: hash })
    .where(
      and(
        eq(links.id, linkId),
        eq(links.organizationId, organizationId),
        isNull(links.usedAt),
        gt(links.expiresAt, now),
      ),
    )
    .returning({ id: links.id });
  return armed ? token : null;
}
