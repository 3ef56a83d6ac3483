import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { describeUserAgent } from '../../lib/user-agent.ts';

// A session is a signed-in browser: a row made at login, whose id the token carries. Ending it (the
// user, from the profile) refuses its token at the next request; the check is one read by primary key.

/** Where a request comes from, as the sessions and the sign-in history show it. */
export interface Client {
  ip: string;
  userAgent: string;
}

type Who = { organizationId: number; userId: number };
export type SignInOutcome = 'success' | 'wrong_password' | 'wrong_code';

/** The browser and system of a User-Agent, as one string: what "the same browser" means here. */
const browserKey = (userAgent: string) => {
  const { browser, system } = describeUserAgent(userAgent);
  return `${browser} / ${system}`;
};

export async function recordSignIn(db: Db | Tx, who: Who, outcome: SignInOutcome, client: Client) {
  await db.insert(schema.signInEvents).values({ ...who, outcome, ip: client.ip, userAgent: client.userAgent });
}

/**
 * Opens a session for a user who passed every step, in the caller's transaction, and records the
 * sign-in. `newBrowser` is true when the user had signed in before, never from this browser and system.
 */
export async function openSession(tx: Tx, who: Who, client: Client) {
  const e = schema.signInEvents;
  const earlier = await tx
    .selectDistinct({ userAgent: e.userAgent })
    .from(e)
    .where(and(eq(e.organizationId, who.organizationId), eq(e.userId, who.userId), eq(e.outcome, 'success')));
  const key = browserKey(client.userAgent);
  const newBrowser = earlier.length > 0 && !earlier.some((r) => browserKey(r.userAgent) === key);
  const [session] = await tx
    .insert(schema.userSessions)
    .values({ ...who, ip: client.ip, userAgent: client.userAgent })
    .returning({ id: schema.userSessions.id });
  await recordSignIn(tx, who, 'success', client);
  return { sessionId: session!.id, newBrowser };
}

/** How often a session's "last seen" is written: at most once a minute per session. */
const LAST_SEEN_EVERY = sql`interval '1 minute'`;

/**
 * The per-request check: whether the session a token names is still open. One prepared read by the
 * sessions primary key; when its "last seen" is over a minute old it is brought forward afterwards,
 * without the request waiting for it.
 */
export function sessionCheck(db: Db) {
  const s = schema.userSessions;
  const read = db
    .select({
      open: sql<boolean>`${s.revokedAt} IS NULL`,
      stale: sql<boolean>`${s.lastSeenAt} < now() - ${LAST_SEEN_EVERY}`,
    })
    .from(s)
    .where(and(eq(s.id, sql.placeholder('id')), eq(s.userId, sql.placeholder('userId'))))
    .prepare('session_open');
  return async (sessionId: number, userId: number, onError: (err: unknown) => void): Promise<boolean> => {
    const [row] = await read.execute({ id: sessionId, userId });
    if (!row?.open) return false;
    if (row.stale) {
      void db
        .update(s)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(s.id, sessionId))
        .catch(onError);
    }
    return true;
  };
}

/** The user's open sessions, newest first, the current one marked. */
export async function listSessions(
  db: Db,
  who: Who,
  currentId: number | undefined,
  page: { skip: number; take: number },
) {
  const s = schema.userSessions;
  const where = and(eq(s.organizationId, who.organizationId), eq(s.userId, who.userId), isNull(s.revokedAt));
  const [rows, [count]] = await Promise.all([
    db.select().from(s).where(where).orderBy(desc(s.lastSeenAt), desc(s.id)).offset(page.skip).limit(page.take),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(s)
      .where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      ...describeUserAgent(r.userAgent),
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      current: r.id === currentId,
    })),
    meta: { total: count!.total, skip: page.skip, take: page.take },
  };
}

/** Ends one of the user's sessions; false when it is not theirs or already ended. */
export async function revokeSession(db: Db, who: Who, sessionId: number) {
  const s = schema.userSessions;
  const ended = await db
    .update(s)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(s.id, sessionId), eq(s.organizationId, who.organizationId), eq(s.userId, who.userId), isNull(s.revokedAt)),
    )
    .returning({ id: s.id });
  return ended.length > 0;
}

/** Ends every session of the user but `keep` (none: all of them); answers how many ended. */
export async function revokeOtherSessions(db: Db | Tx, who: Who, keep: number | undefined) {
  const s = schema.userSessions;
  const ended = await db
    .update(s)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(s.organizationId, who.organizationId),
        eq(s.userId, who.userId),
        isNull(s.revokedAt),
        keep === undefined ? undefined : ne(s.id, keep),
      ),
    )
    .returning({ id: s.id });
  return ended.length;
}

/** How many sign-ins and failures the profile shows. */
export const RECENT_SIGN_INS = 20;

export async function recentSignIns(db: Db, who: Who) {
  const e = schema.signInEvents;
  const rows = await db
    .select()
    .from(e)
    .where(and(eq(e.organizationId, who.organizationId), eq(e.userId, who.userId)))
    .orderBy(desc(e.createdAt), desc(e.id))
    .limit(RECENT_SIGN_INS);
  return {
    data: rows.map((r) => ({
      id: r.id,
      outcome: r.outcome,
      ...describeUserAgent(r.userAgent),
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
