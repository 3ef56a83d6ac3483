import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Features } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';

// The customer's portal has its own sessions, apart from the users' logins: a random token the browser
// keeps, sent as `Authorization: Bearer …` on the routes declared `access: 'portal'`. The database holds
// only its SHA-256, so a copy of it opens no customer's page; a login token is never a portal token
// (no row has its hash) and a portal token never a login token (it is no JWT).

/** The customer behind a portal request (request.portal): every portal query filters on both ids. */
export interface PortalContext {
  organizationId: number;
  customerId: number;
  sessionId: number;
  expiresAt: Date;
  /** The organization's features: a portal route of a feature turned off is a 404 (the auth plugin). */
  features: Features;
}

/** A new random token (256 bits, URL-safe) and the hash that is stored. */
export function newPortalToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashPortalToken(token) };
}

export const hashPortalToken = (token: string) => createHash('sha256').update(token).digest('hex');

const s = schema.portalSessions;
const c = schema.customers;
const o = schema.organizations;
/** How stale `last_seen_at` may get before a request writes it again. */
const SEEN_EVERY_MS = 60 * 60_000;

/**
 * The open session a token names, or undefined: not ended, not expired, of a customer not anonymized.
 * `now` is the request's instant (a test moves it).
 */
export async function portalSessionOf(db: Db, token: string, now = new Date()): Promise<PortalContext | undefined> {
  if (token.length > 200) return undefined;
  const [row] = await db
    .select({
      sessionId: s.id,
      organizationId: s.organizationId,
      customerId: s.customerId,
      expiresAt: s.expiresAt,
      lastSeenAt: s.lastSeenAt,
      features: o.features,
    })
    .from(s)
    .innerJoin(c, and(eq(c.organizationId, s.organizationId), eq(c.id, s.customerId)))
    .innerJoin(o, eq(o.id, s.organizationId))
    .where(
      and(eq(s.tokenHash, hashPortalToken(token)), isNull(s.endedAt), gt(s.expiresAt, now), isNull(c.anonymizedAt)),
    );
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > SEEN_EVERY_MS)
    await db
      .update(s)
      .set({ lastSeenAt: now })
      .where(and(eq(s.id, row.sessionId), lt(s.lastSeenAt, sql`${now.toISOString()}::timestamptz`)));
  return {
    organizationId: row.organizationId,
    customerId: row.customerId,
    sessionId: row.sessionId,
    expiresAt: row.expiresAt,
    features: row.features,
  };
}
