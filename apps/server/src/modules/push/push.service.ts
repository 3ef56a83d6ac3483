import { and, eq, sql } from 'drizzle-orm';
import { pushMessages, type PushSubscriptionBody } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import type { AuthContext } from '../../core/access/access.ts';
import type { PushEndpoints } from '../../core/notify/push-endpoints.ts';
import { invalid } from '../../lib/errors.ts';

const ps = schema.pushSubscriptions;
type Owner = Pick<AuthContext, 'organizationId' | 'userId'>;

/**
 * POST push-subscriptions: the browser's subscription, for the user signed in. Its endpoint must be a
 * push service's, resolving to a public address (`PushEndpoints`). One row per endpoint, so a phone
 * another user of the organization now signs in on takes its subscription along (the previous user
 * stops getting pushes on it), and the same subscription sent again only refreshes its keys; a
 * subscription of another organization stays where it is (422).
 */
export async function subscribe(db: Db, endpoints: PushEndpoints, owner: Owner, body: PushSubscriptionBody) {
  const problem = await endpoints.problem(body.endpoint);
  if (problem) throw invalid({ endpoint: problem });
  const values = {
    organizationId: owner.organizationId,
    userId: owner.userId,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    updatedAt: sql`now()`,
  };
  const written = await db
    .insert(ps)
    .values({ ...values, endpoint: body.endpoint })
    .onConflictDoUpdate({ target: ps.endpoint, set: values, setWhere: eq(ps.organizationId, owner.organizationId) })
    .returning({ id: ps.id });
  if (!written.length) throw invalid({ endpoint: pushMessages.endpointTaken });
  return { endpoint: body.endpoint };
}

/** DELETE push-subscriptions: the user's own subscription at `endpoint` ends (nothing to end is fine too). */
export async function unsubscribe(db: Db, owner: Owner, endpoint: string) {
  await db
    .delete(ps)
    .where(and(eq(ps.endpoint, endpoint), eq(ps.organizationId, owner.organizationId), eq(ps.userId, owner.userId)));
}
