import { and, eq, sql } from 'drizzle-orm';
import { estimateMessages, fromCents, isEstimateEditable } from '@oficina/contracts';
import { schema, type Db, type Tx } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { conflict, invalid } from '../../plugins/errors.ts';
import { audit, type AuditAction, type AuditChange } from '../../lib/audit.ts';
import { queryRows } from '../../lib/sql.ts';
import { lineCents, type Actor } from '../invoices/invoice-access.ts';

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
export async function recordChange(tx: Tx, actor: Actor, estimateId: number, action: AuditAction, data: AuditChange[]) {
  await tx.update(es).set({ updatedAt: new Date() }).where(eq(es.id, estimateId));
  await audit(tx, actor, action, 'estimate', estimateId, data);
}

/** The largest total an estimate may reach: the integer cents columns. */
const MAX_TOTAL_CENTS = 2_147_483_647;

/**
 * Recomputes the subtotal (each line: quantity x price) in the transaction of a line change; a discount
 * above the new subtotal is lowered to it. Returns the audit lines of what changed.
 */
export async function applySubtotal(tx: Tx, row: EstimateRow, field: string) {
  const [result] = await queryRows<{ subtotal: string }>(
    tx,
    sql`SELECT (SELECT coalesce(sum(${lineCents}), 0) FROM estimate_services WHERE estimate_id = ${row.id})
             + (SELECT coalesce(sum(${lineCents}), 0) FROM estimate_products WHERE estimate_id = ${row.id})
             AS subtotal`,
  );
  const subtotalCents = Number(result!.subtotal);
  if (subtotalCents > MAX_TOTAL_CENTS) throw invalid({ [field]: estimateMessages.totalTooHigh });
  const discountCents = Math.min(row.discountCents, subtotalCents);
  await tx.update(es).set({ subtotalCents, discountCents }).where(eq(es.id, row.id));
  const changes: AuditChange[] = [];
  if (subtotalCents !== row.subtotalCents)
    changes.push({ field: 'subTotal', before: fromCents(row.subtotalCents), after: fromCents(subtotalCents) });
  if (discountCents !== row.discountCents)
    changes.push({ field: 'discount', before: fromCents(row.discountCents), after: fromCents(discountCents) });
  return changes;
}
