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
 */
export async function recordView(
  db: Db,
  actor: AuditActor & { userId: number },
  entity: AuditEntity,
  entityId: number,
) {
  await db.execute(sql`
    INSERT INTO audit_logs (organization_id, user_id, action, entity, entity_id, data)
    SELECT ${actor.organizationId}, ${actor.userId}, 'view', ${entity}, ${entityId}, '[]'::jsonb
     WHERE NOT EXISTS (
       SELECT 1 FROM audit_logs
        WHERE action = 'view' AND entity = ${entity} AND entity_id = ${entityId} AND user_id = ${actor.userId}
          AND created_at > now() - interval '1 hour')`);
}
