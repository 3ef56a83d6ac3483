import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  CommentType,
  isInvoiceClosed,
  invoiceMessages,
  MONEY_MAX_CENTS,
  type InvoiceStateValue,
} from '@oficina/contracts';
import { schema, type Db, type Tx } from '@oficina/db';
import type { AuthContext } from '../../plugins/auth.ts';
import { assertFound } from '../../plugins/auth.ts';
import { conflict } from '../../plugins/errors.ts';
import { audit, type AuditAction, type AuditActor, type AuditChange } from '../../lib/audit.ts';
import { queryRows } from '../../lib/sql.ts';

const i = schema.invoices;

/** Who acts on orders: the token's user, organization and role (request.auth). */
export type Actor = Pick<AuthContext, 'userId' | 'organizationId' | 'isAdmin' | 'name'>;

/**
 * The orders an actor may see: admins every order of
 * their organization, a collaborator only those they are a worker on. Everything else is a 404.
 */
export function visibleTo(actor: Actor): SQL {
  const own = eq(i.organizationId, actor.organizationId);
  if (actor.isAdmin) return own;
  return and(
    own,
    sql`EXISTS (SELECT 1 FROM ${schema.invoiceWorkers} w WHERE w.invoice_id = ${i.id} AND w.worker_id = ${actor.userId})`,
  )!;
}

export type InvoiceRow = typeof i.$inferSelect;

/** The order (visible to the actor) a read is about, with what pickers need; a 404 otherwise. */
export async function visibleInvoice(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({ id: i.id, customerId: i.customerId, state: i.state })
    .from(i)
    .where(and(eq(i.id, id), visibleTo(actor)));
  return assertFound(row);
}

/**
 * The order, row-locked for the rest of the transaction: line changes, state changes and payment of
 * one order run one after another, so the subtotal, the state checks and the audit trail stay right.
 */
export async function lockInvoice(tx: Tx, actor: Actor, id: number): Promise<InvoiceRow> {
  const [row] = await tx
    .select()
    .from(i)
    .where(and(eq(i.id, id), visibleTo(actor)))
    .for('update', { of: i });
  return assertFound(row);
}

/** Canceled and Completed orders take no more line or comment changes, on the server too. */
export function assertOpen(row: InvoiceRow) {
  if (isInvoiceClosed(row.state as InvoiceStateValue)) throw conflict(invoiceMessages.closed);
}

/** Bumps updated_at and writes the audit row of a change, in the transaction of the change. */
export async function recordChange(
  tx: Tx,
  actor: AuditActor,
  invoiceId: number,
  action: AuditAction,
  data: AuditChange[],
) {
  await tx.update(i).set({ updatedAt: new Date() }).where(eq(i.id, invoiceId));
  await audit(tx, actor, action, 'invoice', invoiceId, data);
}

/** A System comment (type 4): the order's own history, written by the server only (userId null: the public link). */
export async function systemComment(
  tx: Db | Tx,
  actor: { organizationId: number; userId: number | null },
  invoiceId: number,
  comment: string,
) {
  await tx.insert(schema.invoiceComments).values({
    organizationId: actor.organizationId,
    invoiceId,
    userId: actor.userId,
    type: CommentType.System,
    comment,
  });
}

/**
 * A line's total in cents in SQL: quantity × price rounded to the cent on each line (half up, as
 * `lineTotalCents` does), so the subtotal is the sum of what each line shows.
 */
export const lineCents = sql.raw('round(quantity * price_cents)');

/**
 * Recomputes the subtotal from the lines, in the transaction of the line change. A discount larger
 * than the new subtotal is lowered to it (the check constraint forbids discount > subtotal); the
 * returned values say what changed, for the audit trail.
 */
export async function recomputeSubtotal(tx: Tx, row: InvoiceRow) {
  const [result] = await queryRows<{ subtotal: string }>(
    tx,
    sql`
    SELECT (SELECT coalesce(sum(${lineCents}), 0) FROM invoice_services WHERE invoice_id = ${row.id})
         + (SELECT coalesce(sum(${lineCents}), 0) FROM invoice_products WHERE invoice_id = ${row.id})
         AS subtotal`,
  );
  const subtotalCents = Number(result!.subtotal);
  const discountCents = Math.min(row.discountCents, subtotalCents);
  return { subtotalCents, discountCents };
}

/** The largest total an order may reach: the most money the API accepts anywhere. */
export const MAX_TOTAL_CENTS = MONEY_MAX_CENTS;
