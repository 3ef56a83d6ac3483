import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import type { AuthContext } from '../../core/access/access.ts';

const ps = schema.pushSubscriptions;
type Owner = Pick<AuthContext, 'organizationId' | 'userId'>;

/**
 * POST push-subscriptions: the browser's subscription, for the user signed in. One row per endpoint,
 * so a phone another user now signs in on takes its subscription along (the previous user stops
 * getting pushes on it), and the same subscription sent again only refreshes its keys.
 */
export async function subscribe(db: Db, owner: Owner, body: PushSubscriptionBody) {
  const values = {
    organizationId: owner.organizationId,
    userId: owner.userId,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    updatedAt: sql`now()`,
  };
  await db
    .insert(ps)
    .values({ ...values, endpoint: body.endpoint })
    .onConflictDoUpdate({ target: ps.endpoint, set: values });
  return { endpoint: body.endpoint };
}

/** DELETE push-subscriptions: the user's own subscription at `endpoint` ends (nothing to end is fine too). */
export async function unsubscribe(db: Db, owner: Owner, endpoint: string) {
  await db
    .delete(ps)
    .where(and(eq(ps.endpoint, endpoint), eq(ps.organizationId, owner.organizationId), eq(ps.userId, owner.userId)));
}
