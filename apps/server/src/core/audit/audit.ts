import { sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@ordem-certa/db';

/** The audit trail: who did what to which order, estimate, payroll, customer, maintenance plan or collaborator (pay rules), and what changed. */
export type AuditAction = 'view' | 'create' | 'update' | 'delete';
export type AuditEntity =
  'invoice' | 'estimate' | 'payroll' | 'customer' | 'maintenancePlan' | 'user' | 'expense' | 'role' | 'contract';
export type AuditChange = schema.AuditChange;

export interface AuditActor {
  organizationId: number;
  /**
   * null for what happens without a login: a customer signing through the public link, or the server
   * itself (a maintenance plan's job making a visit's order).
   */
  userId: number | null;
}

/**
 * Writes one audit row. Call it with the transaction that makes the change, so the trail holds
 * exactly the changes that were committed.
 */
export async function audit(
  db: Db | Tx,
  actor: AuditActor,
  action: AuditAction,
  entity: AuditEntity,
  entityId: number,
  data: AuditChange[] = [],
) {
  await db.insert(schema.auditLogs).values({
    organizationId: actor.organizationId,
    userId: actor.userId,
    action,
    entity,
    entityId,
    data,
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose value differs between before and after, as change lines (only the keys of `after`). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): AuditChange[] {
  return Object.entries(after)
    .filter(([field, value]) => !same(before[field], value))
    .map(([field, value]) => ({ field, before: before[field] ?? null, after: value ?? null }));
}

/**
 * A 'view' line at most once an hour per user and record: a screen refetches an order on every
 * focus and change, and a row per refetch would bury the changes under views.
 * The database decides (the insert does nothing when a view of the last hour exists) and says how old the
 * user's latest view is, the one it just wrote or the one that was there (written by another process, or
 * before a restart). The process remembers it and skips the statement until that view's hour is nearly
 * over: the insert would do nothing meanwhile anyway, and an order opened again and again costs no
 * statement at all.
 */
export async function recordView(
  db: Db,
  actor: AuditActor & { userId: number },
  entity: AuditEntity,
  entityId: number,
) {
  const key = `${actor.organizationId}:${actor.userId}:${entity}:${entityId}`;
  const until = viewsWritten.get(key);
  if (until !== undefined && until > Date.now()) return;
  const result = (await db.execute(sql`
    WITH latest AS (
      SELECT extract(epoch FROM now() - max(created_at))::float8 AS age FROM audit_logs
       WHERE action = 'view' AND entity = ${entity} AND entity_id = ${entityId} AND user_id = ${actor.userId}
         AND created_at > now() - interval '1 hour'
    ), written AS (
      INSERT INTO audit_logs (organization_id, user_id, action, entity, entity_id, data)
      SELECT ${actor.organizationId}, ${actor.userId}, 'view', ${entity}, ${entityId}, '[]'::jsonb
       WHERE (SELECT age FROM latest) IS NULL
      RETURNING 1
    )
    SELECT coalesce((SELECT age FROM latest), 0) AS age`)) as unknown as { rows: Array<{ age: number }> };
  viewsWritten.delete(key);
  const remembered = VIEW_REMEMBERED_MS - Number(result.rows[0]?.age ?? 0) * 1000;
  if (remembered > 0) {
    if (viewsWritten.size >= VIEWS_REMEMBERED) viewsWritten.delete(viewsWritten.keys().next().value!);
    viewsWritten.set(key, Date.now() + remembered);
  }
}

/** The latest views this process wrote or found, until a little before their hour ends (clocks of server and database differ). */
const viewsWritten = new Map<string, number>();
const VIEWS_REMEMBERED = 10_000;
const VIEW_REMEMBERED_MS = 55 * 60 * 1000;

/** Forgets the views this process wrote, as an hour passing would (tests that move the clock). */
export const forgetViewsWritten = () => viewsWritten.clear();
