import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  estimateMessages,
  fromCents,
  quantityProblem,
  type AddEstimateProductBody,
  type AddEstimateServiceBody,
  type EditProductLineBody,
  type EditServiceLineBody,
  type ListQuery,
} from '@oficina/contracts';
import { schema, type Db, type Tx } from '@oficina/db';
import { invalid, notFound } from '../../plugins/errors.ts';
import { equipmentOptions, lineChanges, productOptions, serviceOptions } from '../invoices/invoice-lines.service.ts';
import {
  applySubtotal,
  assertEditable,
  findEstimate,
  lockEstimate,
  recordChange,
  type Actor,
} from './estimate-access.ts';

const s = schema.estimateServices;
const p = schema.estimateProducts;
const e = schema.estimateEquipments;

// ---- pickers -------------------------------------------------------------------------------------

export async function availableServices(db: Db, actor: Actor, id: number, query: ListQuery) {
  await findEstimate(db, actor, id);
  return serviceOptions(db, actor.organizationId, query);
}

export async function availableProducts(db: Db, actor: Actor, id: number, query: ListQuery) {
  await findEstimate(db, actor, id);
  return productOptions(db, actor.organizationId, query);
}

/** GET estimates/{id}/equipments/available: the estimate's customer's equipment not yet on it. */
export async function availableEquipments(db: Db, actor: Actor, id: number, query: ListQuery) {
  const estimate = await findEstimate(db, actor, id);
  return equipmentOptions(
    db,
    actor.organizationId,
    estimate.customerId,
    (equipmentId) =>
      sql`NOT EXISTS (SELECT 1 FROM ${e} x WHERE x.estimate_id = ${id} AND x.equipment_id = ${equipmentId})`,
    query,
  );
}

// ---- lines ---------------------------------------------------------------------------------------

/** The next position in a section of the estimate (services or products), under the estimate's lock. */
async function nextItemNumber(tx: Tx, table: typeof s | typeof p, estimateId: number) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${table.itemNumber}), 0) + 1`.mapWith(Number) })
    .from(table)
    .where(eq(table.estimateId, estimateId));
  return row!.n;
}

const auditLine = (l: { name: string; quantity: number; priceCents: number; isGrouped: boolean }) => ({
  name: l.name,
  quantity: l.quantity,
  price: fromCents(l.priceCents),
  isGrouped: l.isGrouped,
});

/** POST estimates/{id}/services: name and price copied from the catalogue; archived services refused. */
export async function addService(db: Db, actor: Actor, id: number, body: AddEstimateServiceBody) {
  return db.transaction(async (tx) => {
    const row = await lockEstimate(tx, actor, id);
    assertEditable(row);
    const t = schema.services;
    const [service] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, Number(body.service)), eq(t.organizationId, actor.organizationId), isNull(t.archivedAt)));
    if (!service) throw notFound('Serviço não encontrado ou excluído');
    const [line] = await tx
      .insert(s)
      .values({
        organizationId: actor.organizationId,
        estimateId: id,
        serviceId: service.id,
        itemNumber: await nextItemNumber(tx, s, id),
        name: service.name,
        description: body.description || null,
        quantity: body.quantity,
        priceCents: service.priceCents,
        isGrouped: body.isGrouped ?? false,
      })
      .returning();
    const changes = await applySubtotal(tx, row, 'quantity');
    await recordChange(tx, actor, id, 'update', [
      { field: 'services', before: null, after: auditLine(line!) },
      ...changes,
    ]);
    return { ...line!, price: fromCents(line!.priceCents) };
  });
}

/** POST estimates/{id}/products: name and price copied from the catalogue. */
export async function addProduct(db: Db, actor: Actor, id: number, body: AddEstimateProductBody) {
  return db.transaction(async (tx) => {
    const row = await lockEstimate(tx, actor, id);
    assertEditable(row);
    const t = schema.products;
    const [product] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, Number(body.product)), eq(t.organizationId, actor.organizationId)));
    if (!product) throw notFound('Produto não encontrado');
    const problem = quantityProblem(body.quantity, product.unit);
    if (problem) throw invalid({ quantity: problem });
    const [line] = await tx
      .insert(p)
      .values({
        organizationId: actor.organizationId,
        estimateId: id,
        productId: product.id,
        itemNumber: await nextItemNumber(tx, p, id),
        name: product.name,
        unit: product.unit,
        quantity: body.quantity,
        priceCents: product.priceCents,
        isGrouped: body.isGrouped ?? false,
      })
      .returning();
    const changes = await applySubtotal(tx, row, 'quantity');
    await recordChange(tx, actor, id, 'update', [
      { field: 'products', before: null, after: auditLine(line!) },
      ...changes,
    ]);
    return { ...line!, price: fromCents(line!.priceCents) };
  });
}

/** POST estimates/{id}/equipments: one of the estimate's customer's equipment, once, copied. */
export async function addEquipment(db: Db, actor: Actor, id: number, equipmentId: number) {
  return db.transaction(async (tx) => {
    const row = await lockEstimate(tx, actor, id);
    assertEditable(row);
    const t = schema.equipments;
    const [equipment] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, equipmentId), eq(t.organizationId, actor.organizationId)));
    if (!equipment) throw notFound('Equipamento não encontrado');
    if (equipment.customerId !== row.customerId) throw invalid({ equipment: estimateMessages.equipmentNotOfCustomer });
    const [line] = await tx
      .insert(e)
      .values({
        organizationId: actor.organizationId,
        estimateId: id,
        equipmentId,
        name: equipment.name,
        brand: equipment.brand,
        model: equipment.model,
        serialNumber: equipment.serialNumber,
        description: equipment.description,
      })
      .onConflictDoNothing()
      .returning();
    if (!line) throw invalid({ equipment: estimateMessages.duplicateEquipment });
    await recordChange(tx, actor, id, 'update', [
      { field: 'equipments', before: null, after: { name: line.name, serialNumber: line.serialNumber } },
    ]);
    const { organizationId: _o, estimateId: _i, createdAt: _c, updatedAt: _u, ...out } = line;
    return out;
  });
}

/**
 * PATCH estimates/{id}/services|products/{lineId}: quantity (by the line's unit), price (negotiated
 * on this estimate; the catalogue keeps its own) and, on services, the description, while the
 * estimate is Draft or Wip, like adding and removing lines. Subtotal and audit in the same transaction.
 */
type Priced<T extends { priceCents: number }> = T & { price: number };
export function editLine(
  db: Db,
  actor: Actor,
  id: number,
  kind: 'services',
  lineId: number,
  body: EditServiceLineBody,
): Promise<Priced<typeof s.$inferSelect>>;
export function editLine(
  db: Db,
  actor: Actor,
  id: number,
  kind: 'products',
  lineId: number,
  body: EditProductLineBody,
): Promise<Priced<typeof p.$inferSelect>>;
export async function editLine(
  db: Db,
  actor: Actor,
  id: number,
  kind: 'services' | 'products',
  lineId: number,
  body: EditServiceLineBody | EditProductLineBody,
) {
  return db.transaction(async (tx) => {
    const row = await lockEstimate(tx, actor, id);
    assertEditable(row);
    const t = kind === 'services' ? s : p;
    const [line] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, lineId), eq(t.estimateId, id)))
      .for('update');
    if (!line) throw notFound();
    const next = lineChanges(line, body, 'unit' in line ? line.unit : undefined);
    if (!next.changes.length) return { ...line, price: fromCents(line.priceCents) };
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
    return { ...updated!, price: fromCents(updated!.priceCents) };
  });
}

export type EstimateLineKind = 'services' | 'products' | 'equipments';

/** DELETE estimates/{id}/{kind}/{lineId} (the line's own id): only while Draft or Wip. */
export async function removeLine(db: Db, actor: Actor, id: number, kind: EstimateLineKind, lineId: number) {
  await db.transaction(async (tx) => {
    const row = await lockEstimate(tx, actor, id);
    assertEditable(row);
    if (kind === 'equipments') {
      const [line] = await tx
        .delete(e)
        .where(and(eq(e.id, lineId), eq(e.estimateId, id)))
        .returning();
      if (!line) throw notFound();
      await recordChange(tx, actor, id, 'delete', [
        { field: kind, before: { name: line.name, serialNumber: line.serialNumber }, after: null },
      ]);
      return;
    }
    const t = kind === 'services' ? s : p;
    const [line] = await tx
      .delete(t)
      .where(and(eq(t.id, lineId), eq(t.estimateId, id)))
      .returning();
    if (!line) throw notFound();
    const changes = await applySubtotal(tx, row, kind);
    await recordChange(tx, actor, id, 'delete', [{ field: kind, before: auditLine(line), after: null }, ...changes]);
  });
}
