import { and, eq, sql } from 'drizzle-orm';
import { estimateMessages, isEstimateEditable } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict } from '../../lib/errors.ts';
import { audit, type AuditAction, type AuditActor, type AuditChange } from '../../core/audit/audit.ts';
import { ownerColumn, type Actor, type EstimateTables, type RecordKind } from '../../core/records/kind.ts';
import { assertFound } from '../../core/access/access.ts';

export type { Actor };
const es = schema.estimates;
export type EstimateRow = typeof es.$inferSelect;

/** The estimate of the actor's organization (every estimate route is admin-only); a 404 otherwise. */
export async function findEstimate(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(es)
    .where(and(eq(es.id, id), eq(es.organizationId, actor.organizationId)));
  return assertFound(row);
}

/**
 * The estimate, row-locked for the rest of the transaction: line, status and discount changes and
 * order generation of one estimate run one after another, so the subtotal and what remains to put on
 * orders are always computed from committed data.
 */
export async function lockEstimate(tx: Tx, actor: Actor, id: number): Promise<EstimateRow> {
  const [row] = await tx
    .select()
    .from(es)
    .where(and(eq(es.id, id), eq(es.organizationId, actor.organizationId)))
    .for('update', { of: es });
  return assertFound(row);
}

/** Lines, pictures and the discount change only while the estimate is Draft or Wip. */
export function assertEditable(row: EstimateRow) {
  if (!isEstimateEditable(row.status)) throw conflict(estimateMessages.closed);
}

/** Bumps updated_at and writes the audit row of a change, in the transaction of the change. */
export async function recordChange(
  tx: Tx,
  actor: AuditActor,
  estimateId: number,
  action: AuditAction,
  data: AuditChange[],
) {
  await tx.update(es).set({ updatedAt: new Date() }).where(eq(es.id, estimateId));
  await audit(tx, actor, action, 'estimate', estimateId, data);
}

/** Estimates as the record core sees them: admin-only, lines and pictures while Draft or Wip. */
export const estimateKind: RecordKind<EstimateRow, EstimateTables> = {
  entity: 'estimate',
  path: 'estimates',
  tables: {
    services: schema.estimateServices,
    products: schema.estimateProducts,
    equipments: schema.estimateEquipments,
    pictures: schema.estimatePictures,
    comments: schema.estimateComments,
  },
  find: findEstimate,
  lock: lockEstimate,
  assertEditable,
  recordChange,
  // A line keeps its position in its section (from 1) and whether it goes to an order as one line.
  async newLineValues(tx, table, id, body) {
    const [row] = await tx
      .select({ n: sql<number>`coalesce(max(item_number), 0) + 1`.mapWith(Number) })
      .from(table)
      .where(eq(ownerColumn(table), id));
    return { itemNumber: row!.n, isGrouped: body.isGrouped ?? false };
  },
  messages: estimateMessages,
};
