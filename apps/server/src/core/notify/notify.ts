import { sql, type SQL } from 'drizzle-orm';
import type { Permission } from '@ordem-certa/contracts';
import type { Db, Tx } from '@ordem-certa/db';
import { afterCommit } from '../../lib/after-commit.ts';
import { rolesHolding } from '../access/roles.ts';

export interface NotificationEvent {
  organizationId: number;
  /** Names the event ('signature:12'); a user gets one notification per key, ever. */
  sourceKey: string;
  title: string;
  description: string;
  url: string | null;
  at?: Date;
}

/** A notification as written, for whoever is told of it besides the bell (the push to phones). */
export interface WrittenNotification {
  id: number;
  organizationId: number;
  userId: number;
  title: string;
  description: string;
  url: string | null;
}

type Listener = (written: WrittenNotification[]) => void;
const listeners = new WeakMap<Db, Listener>();

/**
 * `listener` hears of the notifications written through `db` once their transaction commits (the app
 * pushes them to phones); a rolled-back event is never heard of. One listener per database object (the
 * latest app built on it); the function returned removes it.
 */
export function onNotificationsCommitted(db: Db, listener: Listener): () => void {
  listeners.set(db, listener);
  return () => {
    if (listeners.get(db) === listener) listeners.delete(db);
  };
}

/**
 * Writes the event for each user `recipients` selects (a query giving `u`, the users, joined to `o`,
 * their organization), when the organization has notifications. The unique (user, source_key) makes a
 * second call for the same event a no-op. Returns how many were written.
 */
async function notify(db: Db | Tx, event: NotificationEvent, recipients: SQL): Promise<number> {
  const at = (event.at ?? new Date()).toISOString();
  const result = (await db.execute(sql`
    INSERT INTO notifications (organization_id, user_id, title, description, url, source_key, notification_date)
    SELECT u.organization_id, u.id, ${event.title}, ${event.description}, ${event.url}, ${event.sourceKey}, ${at}::timestamptz
      ${recipients}
       AND u.organization_id = ${event.organizationId} AND u.is_active
       AND coalesce((o.features ->> 'notifications')::boolean, false)
    ON CONFLICT (user_id, source_key) DO NOTHING
    RETURNING id, user_id`)) as unknown as { rows: Array<{ id: number | string; user_id: number | string }> };
  const written = result.rows.map((r) => ({
    id: Number(r.id),
    organizationId: event.organizationId,
    userId: Number(r.user_id),
    title: event.title,
    description: event.description,
    url: event.url,
  }));
  if (written.length) afterCommit(db, (root) => listeners.get(root)?.(written));
  return written.length;
}

/**
 * One notification per active user of the organization whose role holds `permission` (who may act on
 * the event: a Pix received goes to who sees payments, a low stock to who keeps the products), when the
 * organization has notifications. The role's permissions as stored now, a custom role's too. Call it
 * inside the transaction that records the event, so the event and its notifications commit (or vanish)
 * together. Returns how many notifications were written.
 */
export async function notifyHolders(db: Db | Tx, permission: Permission, event: NotificationEvent): Promise<number> {
  const roleIds = await rolesHolding(db, event.organizationId, permission);
  if (!roleIds.length) return 0;
  return notify(
    db,
    event,
    sql`FROM users u JOIN organizations o ON o.id = u.organization_id
        WHERE u.role_id IN (${sql.join(
          roleIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

/**
 * One notification per user named in `userIds` (a technician put on an order), except `actorId`: nobody
 * is told of what they did themselves. In the event's transaction, like notifyHolders.
 */
export function notifyUsers(
  db: Db | Tx,
  event: NotificationEvent,
  userIds: number[],
  actorId: number | null,
): Promise<number> {
  const ids = userIds.filter((id) => id !== actorId);
  if (!ids.length) return Promise.resolve(0);
  return notify(
    db,
    event,
    sql`FROM users u JOIN organizations o ON o.id = u.organization_id
        WHERE u.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

/**
 * One notification per user working on the order `invoiceId` (its invoice_workers, whatever their
 * role), except those in `except` — the actor first of all. In the event's transaction, like notifyHolders.
 */
export function notifyOrderWorkers(
  db: Db | Tx,
  event: NotificationEvent,
  invoiceId: number,
  except: Array<number | null>,
): Promise<number> {
  const left = except.filter((id): id is number => id !== null);
  return notify(
    db,
    event,
    sql`FROM invoice_workers w
          JOIN users u ON u.organization_id = w.organization_id AND u.id = w.worker_id
          JOIN organizations o ON o.id = u.organization_id
        WHERE w.invoice_id = ${invoiceId}${
          left.length
            ? sql` AND u.id NOT IN (${sql.join(
                left.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }`,
  );
}
