import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CommentType, isInvoiceClosed, invoiceMessages, type InvoiceStateValue, can } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict } from '../../lib/errors.ts';
import { audit, type AuditAction, type AuditActor, type AuditChange } from '../audit/audit.ts';
import type { Actor, InvoiceTables, RecordKind } from '../records/kind.ts';
import { settle } from './settle.ts';
import { assertFound } from '../access/access.ts';

const i = schema.invoices;

/** Who acts on orders: the token's user, organization and role (request.auth). */
export type { Actor };

/**
 * The orders an actor may see: admins every order of
 * their organization, a collaborator only those they are a worker on. Everything else is a 404.
 */
export function visibleTo(actor: Actor): SQL {
  const own = eq(i.organizationId, actor.organizationId);
  if (can.seeAllOrders(actor)) return own;
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

/** Service orders as the record core sees them: lines and pictures while neither Canceled nor Completed. */
export const invoiceKind: RecordKind<InvoiceRow, InvoiceTables> = {
  entity: 'invoice',
  path: 'invoices',
  tables: {
    services: schema.invoiceServices,
    products: schema.invoiceProducts,
    equipments: schema.invoiceEquipments,
    pictures: schema.invoicePictures,
    comments: schema.invoiceComments,
  },
  find: visibleInvoice,
  lock: lockInvoice,
  assertEditable: assertOpen,
  // The order is paid while its payments cover the total: a new total may change that.
  afterMoneyChange: (tx, row) => settle(tx, row),
  recordChange,
  // An order's lines carry nothing more than the shared columns.
  newLineValues: async () => ({}),
  messages: invoiceMessages,
};
