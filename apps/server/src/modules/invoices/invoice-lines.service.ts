import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  fromCents,
  invoiceMessages,
  payrollMessages,
  quantityProblem,
  toCents,
  type AddProductBody,
  type AddServiceBody,
  type EditProductLineBody,
  type EditServiceLineBody,
  type ListQuery,
} from '@oficina/contracts';
import { schema, type Db, type Tx } from '@oficina/db';
import { conflict, invalid, isUniqueViolation, notFound } from '../../plugins/errors.ts';
import { listPage, searchWhere } from '../../lib/list.ts';
import { alphabetical } from '../../lib/paging.ts';
import {
  assertOpen,
  lockInvoice,
  MAX_TOTAL_CENTS,
  recomputeSubtotal,
  recordChange,
  visibleInvoice,
  type Actor,
  type InvoiceRow,
} from './invoice-access.ts';

const i = schema.invoices;
const s = schema.invoiceServices;
const p = schema.invoiceProducts;
const e = schema.invoiceEquipments;
const w = schema.invoiceWorkers;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- pickers -------------------------------------------------------------------------------------

/** GET invoices/{id}/services/available: the catalogue's services that are not archived, searchable. */
export async function availableServices(db: Db, actor: Actor, id: number, query: ListQuery) {
  await visibleInvoice(db, actor, id);
  return serviceOptions(db, actor.organizationId, query);
}

/** The organization's services that are not archived, searchable: the options of a service picker. */
export async function serviceOptions(db: Db, organizationId: number, query: ListQuery) {
  const t = schema.services;
  const where = and(eq(t.organizationId, organizationId), isNull(t.archivedAt), searchWhere(query.q, [t.name]));
  return listPage(
    query,
    db
      .select({ id: t.id, name: t.name, priceCents: t.priceCents })
      .from(t)
      .where(where)
      .orderBy(alphabetical(t.name), asc(t.id))
      .limit(query.take)
      .offset(query.skip),
    () => db.$count(t, where),
    (r) => ({ id: r.id, name: r.name, price: fromCents(r.priceCents) }),
  );
}

/** GET invoices/{id}/products/available: the catalogue's products, searchable (also GET products). */
export async function availableProducts(db: Db, actor: Actor, id: number, query: ListQuery) {
  await visibleInvoice(db, actor, id);
  return productOptions(db, actor.organizationId, query);
}

/** The organization's products, searchable: the options of a product picker. */
export async function productOptions(db: Db, organizationId: number, query: ListQuery) {
  const t = schema.products;
  const where = and(eq(t.organizationId, organizationId), searchWhere(query.q, [t.name]));
  return listPage(
    query,
    db
      .select({ id: t.id, name: t.name, priceCents: t.priceCents, unit: t.unit })
      .from(t)
      .where(where)
      .orderBy(alphabetical(t.name), asc(t.id))
      .limit(query.take)
      .offset(query.skip),
    () => db.$count(t, where),
    (r) => ({ id: r.id, name: r.name, price: fromCents(r.priceCents), unit: r.unit }),
  );
}

/** GET invoices/{id}/equipments/available: the order's customer's equipment not yet on the order. */
export async function availableEquipments(db: Db, actor: Actor, id: number, query: ListQuery) {
  const invoice = await visibleInvoice(db, actor, id);
  return equipmentOptions(
    db,
    actor.organizationId,
    invoice.customerId,
    (equipmentId) =>
      sql`NOT EXISTS (SELECT 1 FROM ${e} x WHERE x.invoice_id = ${id} AND x.equipment_id = ${equipmentId})`,
    query,
  );
}

/**
 * A customer's equipment, searchable by name, brand, model or serial number, without what `notOn`
 * excludes (the record's own lines): the options of an equipment picker on an order or an estimate.
 */
export async function equipmentOptions(
  db: Db,
  organizationId: number,
  customerId: number,
  notOn: (equipmentId: AnyPgColumn) => SQL,
  query: ListQuery,
) {
  const t = schema.equipments;
  const where = and(
    eq(t.organizationId, organizationId),
    eq(t.customerId, customerId),
    notOn(t.id),
    searchWhere(query.q, [t.name, t.brand, t.model, t.serialNumber]),
  );
  return listPage(
    query,
    db
      .select({ id: t.id, name: t.name, brand: t.brand, model: t.model, serialNumber: t.serialNumber })
      .from(t)
      .where(where)
      .orderBy(alphabetical(t.name), asc(t.id))
      .limit(query.take)
      .offset(query.skip),
    () => db.$count(t, where),
    (r) => ({ id: r.id, name: r.name, hint: `${r.brand} ${r.model} · N/S ${r.serialNumber}` }),
  );
}

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
  return listPage(
    query,
    db
      .select({ id: t.id, name: t.name, email: t.email })
      .from(t)
      .where(where)
      .orderBy(alphabetical(t.name), asc(t.id))
      .limit(query.take)
      .offset(query.skip),
    () => db.$count(t, where),
    (r) => ({ id: r.id, name: r.name, hint: r.email }),
  );
}

// ---- services and products (priced lines) --------------------------------------------------------

/** After a priced line changes: the new subtotal (and a discount lowered to it), with their audit lines. */
async function applySubtotal(tx: Tx, row: InvoiceRow, field: string) {
  const { subtotalCents, discountCents } = await recomputeSubtotal(tx, row);
  if (subtotalCents > MAX_TOTAL_CENTS) throw invalid({ [field]: invoiceMessages.totalTooHigh });
  await tx.update(i).set({ subtotalCents, discountCents }).where(eq(i.id, row.id));
  const changes = [{ field: 'subTotal', before: fromCents(row.subtotalCents), after: fromCents(subtotalCents) }];
  if (discountCents !== row.discountCents)
    changes.push({ field: 'discount', before: fromCents(row.discountCents), after: fromCents(discountCents) });
  return changes;
}

const serviceLine = (l: typeof s.$inferSelect) => ({
  id: l.id,
  serviceId: l.serviceId,
  name: l.name,
  description: l.description,
  quantity: l.quantity,
  price: fromCents(l.priceCents),
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});
const productLine = (l: typeof p.$inferSelect) => ({
  id: l.id,
  productId: l.productId,
  name: l.name,
  unit: l.unit,
  quantity: l.quantity,
  price: fromCents(l.priceCents),
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});
const auditLine = (l: { name: string; quantity: number; priceCents: number; description?: string | null }) => ({
  name: l.name,
  quantity: l.quantity,
  price: fromCents(l.priceCents),
  ...(l.description ? { description: l.description } : {}),
});

/** POST invoices/{id}/services (admin): name and price copied from the catalogue; archived services refused. */
export async function addService(db: Db, actor: Actor, id: number, body: AddServiceBody) {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertOpen(row);
    const t = schema.services;
    const [service] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, body.service), eq(t.organizationId, actor.organizationId), isNull(t.archivedAt)));
    if (!service) throw invalid({ service: invoiceMessages.serviceNotAvailable });
    const [line] = await tx
      .insert(s)
      .values({
        organizationId: actor.organizationId,
        invoiceId: id,
        serviceId: service.id,
        name: service.name,
        description: body.description || null,
        quantity: body.quantity,
        priceCents: service.priceCents,
      })
      .returning();
    const changes = await applySubtotal(tx, row, 'quantity');
    await recordChange(tx, actor, id, 'update', [
      { field: 'services', before: null, after: auditLine(line!) },
      ...changes,
    ]);
    return serviceLine(line!);
  });
}

/** POST invoices/{id}/products (admin): name and price copied from the catalogue. */
export async function addProduct(db: Db, actor: Actor, id: number, body: AddProductBody) {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertOpen(row);
    const t = schema.products;
    const [product] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, body.product), eq(t.organizationId, actor.organizationId)));
    if (!product) throw invalid({ product: invoiceMessages.productNotFound });
    const problem = quantityProblem(body.quantity, product.unit);
    if (problem) throw invalid({ quantity: problem });
    const [line] = await tx
      .insert(p)
      .values({
        organizationId: actor.organizationId,
        invoiceId: id,
        productId: product.id,
        name: product.name,
        unit: product.unit,
        quantity: body.quantity,
        priceCents: product.priceCents,
      })
      .returning();
    const changes = await applySubtotal(tx, row, 'quantity');
    await recordChange(tx, actor, id, 'update', [
      { field: 'products', before: null, after: auditLine(line!) },
      ...changes,
    ]);
    return productLine(line!);
  });
}

/**
 * PATCH invoices/{id}/services|products/{lineId} (admin): the line's quantity (by its unit; services
 * in whole numbers), its price (negotiated on this order; the catalogue keeps its own) and, on
 * services, its description. Same rules as adding and removing lines: not on Canceled or Completed
 * orders. The subtotal is recomputed and the change audited in the same transaction; the signature
 * goes outdated through its content hash only when what the customer was shown changed.
 */
export function editLine(
  db: Db,
  actor: Actor,
  id: number,
  kind: 'services',
  lineId: number,
  body: EditServiceLineBody,
): Promise<ReturnType<typeof serviceLine>>;
export function editLine(
  db: Db,
  actor: Actor,
  id: number,
  kind: 'products',
  lineId: number,
  body: EditProductLineBody,
): Promise<ReturnType<typeof productLine>>;
export async function editLine(
  db: Db,
  actor: Actor,
  id: number,
  kind: 'services' | 'products',
  lineId: number,
  body: EditServiceLineBody | EditProductLineBody,
) {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertOpen(row);
    const t = kind === 'services' ? s : p;
    const [line] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, lineId), eq(t.invoiceId, id)))
      .for('update');
    if (!line) throw notFound();
    const out = (l: typeof line) => ('unit' in l ? productLine(l) : serviceLine(l as typeof s.$inferSelect));
    const next = lineChanges(line, body, 'unit' in line ? line.unit : undefined);
    if (!next.changes.length) return out(line);
    const [updated] = await tx
      .update(t)
      .set({ ...next.values, updatedAt: new Date() })
      .where(eq(t.id, lineId))
      .returning();
    const totals = await applySubtotal(
      tx,
      row,
      next.changes.some((c) => c.field === 'quantity') ? 'quantity' : 'price',
    );
    await recordChange(tx, actor, id, 'update', [
      { field: kind, before: auditLine(line), after: auditLine(updated!) },
      ...totals,
    ]);
    return out(updated!);
  });
}

/**
 * The columns a line edit sets and the fields that really change (a value equal to the stored one
 * changes nothing); a quantity the line's unit cannot take is refused on `quantity`.
 */
export function lineChanges(
  line: { quantity: number; priceCents: number; description?: string | null },
  body: { quantity?: number; price?: number; description?: string | null },
  unit: string | undefined,
) {
  const values: { quantity?: number; priceCents?: number; description?: string | null } = {};
  const changes: Array<{ field: string }> = [];
  if (body.quantity !== undefined) {
    const problem = quantityProblem(body.quantity, unit);
    if (problem) throw invalid({ quantity: problem });
    if (Math.round(body.quantity * 1000) !== Math.round(line.quantity * 1000)) {
      values.quantity = body.quantity;
      changes.push({ field: 'quantity' });
    }
  }
  if (body.price !== undefined && toCents(body.price) !== line.priceCents) {
    values.priceCents = toCents(body.price);
    changes.push({ field: 'price' });
  }
  if ('description' in line && body.description !== undefined) {
    const description = body.description || null;
    if (description !== line.description) {
      values.description = description;
      changes.push({ field: 'description' });
    }
  }
  return { values, changes };
}

// ---- equipment and workers -----------------------------------------------------------------------

/**
 * POST invoices/{id}/equipments: open to collaborators on their orders (they register what they
 * worked on). The equipment must be the order's customer's; it is copied onto the order.
 */
export async function addEquipment(db: Db, actor: Actor, id: number, equipmentId: number) {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertOpen(row);
    const t = schema.equipments;
    const [equipment] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, equipmentId), eq(t.organizationId, actor.organizationId), eq(t.customerId, row.customerId)));
    if (!equipment) throw invalid({ equipment: invoiceMessages.equipmentNotOfCustomer });
    const [existing] = await tx
      .select({ id: e.id })
      .from(e)
      .where(and(eq(e.invoiceId, id), eq(e.equipmentId, equipmentId)));
    if (existing) throw invalid({ equipment: invoiceMessages.duplicateEquipment });
    const [line] = await tx
      .insert(e)
      .values({
        organizationId: actor.organizationId,
        invoiceId: id,
        equipmentId,
        name: equipment.name,
        brand: equipment.brand,
        model: equipment.model,
        serialNumber: equipment.serialNumber,
        description: equipment.description,
      })
      .returning();
    await recordChange(tx, actor, id, 'update', [
      { field: 'equipments', before: null, after: { name: line!.name, serialNumber: line!.serialNumber } },
    ]);
    const { organizationId: _o, invoiceId: _i, createdAt: _c, updatedAt: _u, ...out } = line!;
    return out;
  });
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
      return { id: line.id, workerId, name: user.name, paidAt: iso(line.paidAt) };
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid({ worker: invoiceMessages.duplicateWorker });
      throw err;
    }
  });
}

// ---- removals ------------------------------------------------------------------------------------

export type LineKind = 'services' | 'products' | 'equipments' | 'workers';

/**
 * DELETE invoices/{id}/{kind}/{lineId} (the line's own id). Refused on Canceled and Completed orders;
 * a worker already paid or in a payroll stays. Priced lines recompute the subtotal in the same transaction.
 */
export async function removeLine(db: Db, actor: Actor, id: number, kind: LineKind, lineId: number) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertOpen(row);
    let removed: unknown;
    let changes: Awaited<ReturnType<typeof applySubtotal>> = [];
    if (kind === 'services' || kind === 'products') {
      const t = kind === 'services' ? s : p;
      const [line] = await tx
        .delete(t)
        .where(and(eq(t.id, lineId), eq(t.invoiceId, id)))
        .returning();
      if (!line) throw notFound();
      removed = auditLine(line);
      changes = await applySubtotal(tx, row, kind);
    } else if (kind === 'equipments') {
      const [line] = await tx
        .delete(e)
        .where(and(eq(e.id, lineId), eq(e.invoiceId, id)))
        .returning();
      if (!line) throw notFound();
      removed = { name: line.name, serialNumber: line.serialNumber };
    } else {
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
      removed = line.name;
    }
    await recordChange(tx, actor, id, 'delete', [{ field: kind, before: removed, after: null }, ...changes]);
  });
}
