import { sql } from 'drizzle-orm';
import { ROLE_ADMIN } from '@oficina/contracts';
import type { Db, Tx } from '@oficina/db';

export interface NotificationEvent {
  organizationId: number;
  /** Names the event ('signature:12'); an admin gets one notification per key, ever. */
  sourceKey: string;
  title: string;
  description: string;
  url: string | null;
  at?: Date;
}

/**
 * One notification per active admin of the organization, when the organization has notifications.
 * Call it inside the transaction that records the event, so the event and its notifications commit
 * (or vanish) together; the unique (user, source_key) makes a second call for the same event a no-op.
 * Returns how many notifications were written.
 */
export async function notifyAdmins(db: Db | Tx, event: NotificationEvent): Promise<number> {
  const at = (event.at ?? new Date()).toISOString();
  const result = (await db.execute(sql`
    INSERT INTO notifications (organization_id, user_id, title, description, url, source_key, notification_date)
    SELECT u.organization_id, u.id, ${event.title}, ${event.description}, ${event.url}, ${event.sourceKey}, ${at}::timestamptz
      FROM users u JOIN organizations o ON o.id = u.organization_id
     WHERE u.organization_id = ${event.organizationId} AND u.role = ${ROLE_ADMIN} AND u.is_active
       AND coalesce((o.features ->> 'notifications')::boolean, false)
    ON CONFLICT (user_id, source_key) DO NOTHING`)) as unknown as { affectedRows?: number; rowCount?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}
