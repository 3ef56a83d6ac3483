import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { NotificationItem, NotificationList } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { assertFound, type AuthContext } from '../../core/access/access.ts';

const n = schema.notifications;
type Owner = Pick<AuthContext, 'organizationId' | 'userId'>;
const mine = (o: Owner) => and(eq(n.organizationId, o.organizationId), eq(n.userId, o.userId));

const toItem = (r: typeof n.$inferSelect): NotificationItem => ({
  id: r.id,
  title: r.title,
  description: r.description,
  url: r.url,
  notificationDate: r.notificationDate.toISOString(),
  readAt: r.readAt ? r.readAt.toISOString() : null,
});

/** GET notifications: the user's own, newest first, with the real total and the unread count for the badge. */
export async function listNotifications(
  db: Db,
  owner: Owner,
  query: { skip: number; take: number },
): Promise<NotificationList> {
  const [rows, [totals], [unread]] = await Promise.all([
    db.select().from(n).where(mine(owner)).orderBy(desc(n.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(n).where(mine(owner)),
    db
      .select({ unread: count() })
      .from(n)
      .where(and(mine(owner), isNull(n.readAt))),
  ]);
  return {
    data: rows.map(toItem),
    meta: { total: totals?.total ?? 0, unread: unread?.unread ?? 0, skip: query.skip, take: query.take },
  };
}

/** POST notifications/{id}/mark-as-read: once read it stays read (the first reading time is kept). */
export async function markAsRead(db: Db, owner: Owner, id: number): Promise<NotificationItem> {
  const [row] = await db
    .select()
    .from(n)
    .where(and(mine(owner), eq(n.id, id)));
  const found = assertFound(row);
  if (found.readAt) return toItem(found);
  const [updated] = await db
    .update(n)
    .set({ readAt: new Date() })
    .where(and(eq(n.id, id), isNull(n.readAt)))
    .returning();
  return toItem(updated ?? found);
}
