import { sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@oficina/db';

/** The audit trail: who did what to which order, estimate, payroll, customer, maintenance plan or collaborator (pay rules), and what changed. */
export type AuditAction = 'view' | 'create' | 'update' | 'delete';
export type AuditEntity = 'invoice' | 'estimate' | 'payroll' | 'customer' | 'maintenancePlan' | 'user' | 'expense';
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
 * The database decides (the insert does nothing when a view of the last hour exists). A process that
 * has just written one remembers it and skips the statement until its hour is nearly over: the insert
 * would do nothing meanwhile anyway, and an order opened again and again costs one statement less.
 * Only a view this process wrote is remembered (it knows when that one's hour ends).
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
    INSERT INTO audit_logs (organization_id, user_id, action, entity, entity_id, data)
    SELECT ${actor.organizationId}, ${actor.userId}, 'view', ${entity}, ${entityId}, '[]'::jsonb
     WHERE NOT EXISTS (
       SELECT 1 FROM audit_logs
        WHERE action = 'view' AND entity = ${entity} AND entity_id = ${entityId} AND user_id = ${actor.userId}
          AND created_at > now() - interval '1 hour')`)) as unknown as { rowCount?: number; affectedRows?: number };
  viewsWritten.delete(key);
  if ((result.rowCount ?? result.affectedRows ?? 0) > 0) {
    if (viewsWritten.size >= VIEWS_REMEMBERED) viewsWritten.delete(viewsWritten.keys().next().value!);
    viewsWritten.set(key, Date.now() + VIEW_REMEMBERED_MS);
  }
}

/** Views this process wrote, until a little before their hour ends (clocks of server and database differ). */
const viewsWritten = new Map<string, number>();
const VIEWS_REMEMBERED = 10_000;
const VIEW_REMEMBERED_MS = 55 * 60 * 1000;

/** Forgets the views this process wrote, as an hour passing would (tests that move the clock). */
export const forgetViewsWritten = () => viewsWritten.clear();
