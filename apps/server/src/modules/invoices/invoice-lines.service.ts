import { and, eq, sql } from 'drizzle-orm';
import {
  invoiceMessages,
  payrollMessages,
  type AddProductBody,
  type AddServiceBody,
  type ListQuery,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { pickerPage } from '../../core/registers/register.ts';
import { searchWhere } from '../../lib/list.ts';
import { recordLines, type RecordLineKind } from '../../core/records/lines.ts';
import {
  assertOpen,
  invoiceKind,
  lockInvoice,
  recordChange,
  visibleInvoice,
  type Actor,
} from '../../core/orders/invoice-access.ts';
import { tellAssigned } from '../../core/orders/invoice-notices.ts';

const w = schema.invoiceWorkers;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// An order's services, products and equipment are the record core's (core/records/lines.ts) under
// the order's rules: visible to its workers, changed until it is Canceled or Completed. Workers are
// the order's own.
const lines = recordLines(invoiceKind);

export const { availableServices, availableProducts, availableEquipments, addEquipment, editLine } = lines;

/** POST invoices/{id}/services (admin). */
export const addService = (db: Db, actor: Actor, id: number, body: AddServiceBody) =>
  lines.addService(db, actor, id, body);

/** POST invoices/{id}/products (admin). */
export const addProduct = (db: Db, actor: Actor, id: number, body: AddProductBody) =>
  lines.addProduct(db, actor, id, body);

// ---- workers -------------------------------------------------------------------------------------

/** GET invoices/{id}/workers/available: the organization's active users not yet on the order. */
export async function availableWorkers(db: Db, actor: Actor, id: number, query: ListQuery) {
  await visibleInvoice(db, actor, id);
  const t = schema.users;
  const where = and(
    eq(t.organizationId, actor.organizationId),
    eq(t.isActive, true),
    sql`NOT EXISTS (SELECT 1 FROM ${w} x WHERE x.invoice_id = ${id} AND x.worker_id = ${t.id})`,
    searchWhere(query.q, [t.name, t.email]),
  );
  return pickerPage(
    db,
    query,
    t,
    db.select({ id: t.id, name: t.name, email: t.email }).from(t).$dynamic(),
    where,
    (r) => ({ id: r.id, name: r.name, hint: r.email }),
  );
}

/** POST invoices/{id}/workers (admin): an active user of the organization, once per order. */
export async function addWorker(db: Db, actor: Actor, id: number, workerId: number) {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertOpen(row);
    const u = schema.users;
    const [user] = await tx
      .select({ id: u.id, name: u.name })
      .from(u)
      .where(and(eq(u.id, workerId), eq(u.organizationId, actor.organizationId), eq(u.isActive, true)));
    if (!user) throw invalid({ worker: invoiceMessages.workerNotAvailable });
    try {
      const [line] = await tx
        .insert(w)
        .values({ organizationId: actor.organizationId, invoiceId: id, workerId })
        .onConflictDoNothing()
        .returning();
      if (!line) throw invalid({ worker: invoiceMessages.duplicateWorker });
      await recordChange(tx, actor, id, 'update', [{ field: 'workers', before: null, after: user.name }]);
      await tellAssigned(tx, actor, row, line.id, workerId);
      return { id: line.id, workerId, name: user.name, paidAt: iso(line.paidAt) };
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid({ worker: invoiceMessages.duplicateWorker });
      throw err;
    }
  });
}

// ---- removals ------------------------------------------------------------------------------------

export type LineKind = RecordLineKind | 'workers';

/**
 * DELETE invoices/{id}/{kind}/{lineId} (the line's own id). Refused on Canceled and Completed orders;
 * a worker already paid or in a payroll stays. Priced lines recompute the subtotal in the same transaction.
 */
export async function removeLine(db: Db, actor: Actor, id: number, kind: LineKind, lineId: number) {
  if (kind !== 'workers') return lines.removeLine(db, actor, id, kind, lineId);
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertOpen(row);
    const [line] = await tx
      .select({ paidAt: w.paidAt, name: schema.users.name })
      .from(w)
      .innerJoin(schema.users, eq(schema.users.id, w.workerId))
      .where(and(eq(w.id, lineId), eq(w.invoiceId, id)));
    if (!line) throw notFound();
    if (line.paidAt) throw conflict(invoiceMessages.workerAlreadyPaid);
    // A worker line in a payroll stays on the order (a reopened order keeps its payroll line).
    if (await tx.$count(schema.payrollLines, eq(schema.payrollLines.invoiceWorkerId, lineId)))
      throw conflict(payrollMessages.workerInPayroll);
    await tx.delete(w).where(eq(w.id, lineId));
    await recordChange(tx, actor, id, 'delete', [{ field: kind, before: line.name, after: null }]);
  });
}
