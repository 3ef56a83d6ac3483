import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  fromCents,
  invoiceMessages,
  MONEY_MAX_CENTS,
  quantityProblem,
  toCents,
  type EditProductLineBody,
  type EditServiceLineBody,
  type ListQuery,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { invalid, notFound } from '../../lib/errors.ts';
import type { AuditChange } from '../audit/audit.ts';
import { queryRows } from '../../lib/sql.ts';
import { equipmentOptions, productOptions, serviceOptions } from './pickers.ts';
import { ownerColumn, ownerValues, type Actor, type RecordKind, type RecordRow, type RecordTables } from './kind.ts';

// ---- totals --------------------------------------------------------------------------------------

/**
 * A line's total in cents in SQL: quantity × price rounded to the cent on each line (half up, as
 * `lineTotalCents` does), so the subtotal is the sum of what each line shows.
 */
export const lineCents = sql.raw('round(quantity * price_cents)');

/** The subtotal of a record's service and product lines, from committed data under its lock. */
export async function subtotalOf(tx: Tx, kind: RecordKind, id: number) {
  const { services, products } = kind.tables;
  const [result] = await queryRows<{ subtotal: string }>(
    tx,
    sql`SELECT (SELECT coalesce(sum(${lineCents}), 0) FROM ${services} WHERE ${ownerColumn(services)} = ${id})
             + (SELECT coalesce(sum(${lineCents}), 0) FROM ${products} WHERE ${ownerColumn(products)} = ${id})
             AS subtotal`,
  );
  return Number(result!.subtotal);
}

/**
 * After a priced line changes: the new subtotal, refused on `field` above the most money the API
 * takes anywhere; a discount above it is lowered to it. Returns the audit lines of what changed.
 */
export async function applySubtotal<Row extends RecordRow>(
  tx: Tx,
  kind: RecordKind<Row>,
  row: Row,
  field: string,
): Promise<AuditChange[]> {
  const subtotalCents = await subtotalOf(tx, kind, row.id);
  if (subtotalCents > MONEY_MAX_CENTS) throw invalid({ [field]: kind.messages.totalTooHigh });
  const discountCents = Math.min(row.discountCents, subtotalCents);
  const record = kind.entity === 'invoice' ? schema.invoices : schema.estimates;
  await tx.update(record).set({ subtotalCents, discountCents }).where(eq(record.id, row.id));
  const changes: AuditChange[] = [];
  if (subtotalCents !== row.subtotalCents)
    changes.push({ field: 'subTotal', before: fromCents(row.subtotalCents), after: fromCents(subtotalCents) });
  if (discountCents !== row.discountCents)
    changes.push({ field: 'discount', before: fromCents(row.discountCents), after: fromCents(discountCents) });
  if (changes.length && kind.afterMoneyChange)
    changes.push(...(await kind.afterMoneyChange(tx, { ...row, subtotalCents, discountCents })));
  return changes;
}

// ---- lines ---------------------------------------------------------------------------------------

type PricedRow = {
  id: number;
  name: string;
  quantity: number;
  priceCents: number;
  createdAt: Date;
  updatedAt: Date;
  description?: string | null;
  isGrouped?: boolean;
};

/** A priced line as the API shows it: the price in reais, dates in ISO. */
export type PricedLine<L extends PricedRow> = Omit<L, 'priceCents' | 'createdAt' | 'updatedAt'> & {
  price: number;
  createdAt: string;
  updatedAt: string;
};
export function pricedLine<L extends PricedRow>(line: L): PricedLine<L> {
  const { priceCents, createdAt, updatedAt, ...rest } = line;
  return {
    ...rest,
    price: fromCents(priceCents),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** A priced line in the audit trail. */
const auditLine = (l: PricedRow) => ({
  name: l.name,
  quantity: l.quantity,
  price: fromCents(l.priceCents),
  ...(l.description ? { description: l.description } : {}),
  ...(l.isGrouped !== undefined ? { isGrouped: l.isGrouped } : {}),
});

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

export type RecordLineKind = 'services' | 'products' | 'equipments';

/**
 * The lines of a kind of record — services and products copied from the catalogue with their price,
 * the customer's equipment copied — with the pickers that offer them, the edit of a line in place and
 * the removal. Every change runs in one transaction under the record's lock, checks that the record
 * takes changes, recomputes the subtotal of priced lines and writes the audit trail.
 */
export function recordLines<Row extends RecordRow, T extends RecordTables>(kind: RecordKind<Row, T>) {
  const { services: s, products: p, equipments: e } = kind.tables;
  type ServiceLine = PricedLine<T['services']['$inferSelect']>;
  type ProductLine = PricedLine<T['products']['$inferSelect']>;

  async function addPriced(
    db: Db,
    actor: Actor,
    id: number,
    table: typeof s | typeof p,
    field: 'services' | 'products',
    pick: (tx: Tx, row: Row) => Promise<Record<string, unknown>>,
    body: { quantity: number; isGrouped?: boolean },
  ) {
    return db.transaction(async (tx) => {
      const row = await kind.lock(tx, actor, id);
      kind.assertEditable(row);
      const copied = await pick(tx, row);
      const [line] = await tx
        .insert(table)
        .values({
          organizationId: actor.organizationId,
          ...ownerValues(kind, id),
          ...copied,
          ...(await kind.newLineValues(tx, table, id, body)),
          quantity: body.quantity,
        } as never)
        .returning();
      const priced = line as PricedRow;
      const changes = await applySubtotal(tx, kind, row, 'quantity');
      await kind.recordChange(tx, actor, id, 'update', [{ field, before: null, after: auditLine(priced) }, ...changes]);
      return pricedLine(priced) as never;
    });
  }

  /**
   * Removes a line (its own id) inside the caller's transaction, under the record's lock: priced
   * lines recompute the subtotal. Returns the audit lines; the caller records them.
   */
  async function removeLineIn(tx: Tx, row: Row, kindOfLine: RecordLineKind, lineId: number): Promise<AuditChange[]> {
    if (kindOfLine === 'equipments') {
      const [line] = await tx
        .delete(e)
        .where(and(eq(e.id, lineId), eq(ownerColumn(e), row.id)))
        .returning({ name: e.name, serialNumber: e.serialNumber });
      if (!line) throw notFound();
      return [{ field: kindOfLine, before: line, after: null }];
    }
    const t = kindOfLine === 'services' ? s : p;
    const [line] = await tx
      .delete(t)
      .where(and(eq(t.id, lineId), eq(ownerColumn(t), row.id)))
      .returning();
    if (!line) throw notFound();
    const changes = await applySubtotal(tx, kind, row, kindOfLine);
    return [{ field: kindOfLine, before: auditLine(line as PricedRow), after: null }, ...changes];
  }

  return {
    removeLineIn,
    /** GET …/services/available: the catalogue's services that are not archived, searchable. */
    async availableServices(db: Db, actor: Actor, id: number, query: ListQuery) {
      await kind.find(db, actor, id);
      return serviceOptions(db, actor, query);
    },
    /** GET …/products/available: the catalogue's products, searchable. */
    async availableProducts(db: Db, actor: Actor, id: number, query: ListQuery) {
      await kind.find(db, actor, id);
      return productOptions(db, actor, query);
    },
    /** GET …/equipments/available: the record's customer's equipment not yet on it. */
    async availableEquipments(db: Db, actor: Actor, id: number, query: ListQuery) {
      const record = await kind.find(db, actor, id);
      return equipmentOptions(
        db,
        actor.organizationId,
        record.customerId,
        (equipmentId) =>
          sql`NOT EXISTS (SELECT 1 FROM ${e} x WHERE x.${sql.raw(kind.entity)}_id = ${id} AND x.equipment_id = ${equipmentId})`,
        query,
      );
    },

    /** POST …/services: name, price and warranty copied from the catalogue; an archived service is refused. */
    addService(
      db: Db,
      actor: Actor,
      id: number,
      body: { service: number; quantity: number; description?: string | null; isGrouped?: boolean },
    ): Promise<ServiceLine> {
      return addPriced(
        db,
        actor,
        id,
        s,
        'services',
        async (tx) => {
          const t = schema.services;
          const [service] = await tx
            .select()
            .from(t)
            .where(and(eq(t.id, body.service), eq(t.organizationId, actor.organizationId), isNull(t.archivedAt)));
          if (!service) throw invalid({ service: invoiceMessages.serviceNotAvailable });
          return {
            serviceId: service.id,
            name: service.name,
            description: body.description || null,
            priceCents: service.priceCents,
            warrantyDays: service.warrantyDays,
          };
        },
        body,
      );
    },

    /** POST …/products: name, unit, price and warranty copied from the catalogue; the quantity follows the unit. */
    addProduct(
      db: Db,
      actor: Actor,
      id: number,
      body: { product: number; quantity: number; isGrouped?: boolean },
    ): Promise<ProductLine> {
      return addPriced(
        db,
        actor,
        id,
        p,
        'products',
        async (tx) => {
          const t = schema.products;
          const [product] = await tx
            .select()
            .from(t)
            .where(and(eq(t.id, body.product), eq(t.organizationId, actor.organizationId)));
          if (!product) throw invalid({ product: invoiceMessages.productNotFound });
          const problem = quantityProblem(body.quantity, product.unit);
          if (problem) throw invalid({ quantity: problem });
          return {
            productId: product.id,
            name: product.name,
            unit: product.unit,
            priceCents: product.priceCents,
            warrantyDays: product.warrantyDays,
          };
        },
        body,
      );
    },

    /** POST …/equipments: one of the record's customer's equipment, once, copied onto the record. */
    async addEquipment(db: Db, actor: Actor, id: number, equipmentId: number) {
      return db.transaction(async (tx) => {
        const row = await kind.lock(tx, actor, id);
        kind.assertEditable(row);
        const t = schema.equipments;
        const [equipment] = await tx
          .select()
          .from(t)
          .where(
            and(eq(t.id, equipmentId), eq(t.organizationId, actor.organizationId), eq(t.customerId, row.customerId)),
          );
        if (!equipment) throw invalid({ equipment: kind.messages.equipmentNotOfCustomer });
        const [existing] = await tx
          .select({ id: e.id })
          .from(e)
          .where(and(eq(ownerColumn(e), id), eq(e.equipmentId, equipmentId)));
        if (existing) throw invalid({ equipment: kind.messages.duplicateEquipment });
        const [line] = await tx
          .insert(e)
          .values({
            organizationId: actor.organizationId,
            ...ownerValues(kind, id),
            equipmentId,
            name: equipment.name,
            brand: equipment.brand,
            model: equipment.model,
            serialNumber: equipment.serialNumber,
            description: equipment.description,
          } as never)
          .returning({
            id: e.id,
            equipmentId: e.equipmentId,
            name: e.name,
            brand: e.brand,
            model: e.model,
            serialNumber: e.serialNumber,
            description: e.description,
          });
        await kind.recordChange(tx, actor, id, 'update', [
          { field: 'equipments', before: null, after: { name: line!.name, serialNumber: line!.serialNumber } },
        ]);
        return line!;
      });
    },

    /**
     * PATCH …/services|products/{lineId}: the line's quantity (by its unit; services in whole
     * numbers), its price (negotiated on this record; the catalogue keeps its own) and, on services,
     * its description. The subtotal is recomputed and the change audited in the same transaction.
     */
    async editLine<F extends 'services' | 'products'>(
      db: Db,
      actor: Actor,
      id: number,
      field: F,
      lineId: number,
      body: F extends 'services' ? EditServiceLineBody : EditProductLineBody,
    ): Promise<F extends 'services' ? ServiceLine : ProductLine> {
      return db.transaction(async (tx) => {
        const row = await kind.lock(tx, actor, id);
        kind.assertEditable(row);
        const t = field === 'services' ? s : p;
        const [found] = await tx
          .select()
          .from(t)
          .where(and(eq(t.id, lineId), eq(ownerColumn(t), id)))
          .for('update');
        if (!found) throw notFound();
        const line = found as PricedRow & { unit?: string };
        const next = lineChanges(line, body, line.unit);
        if (!next.changes.length) return pricedLine(line) as never;
        const [updated] = await tx
          .update(t)
          .set({ ...next.values, updatedAt: new Date() })
          .where(eq(t.id, lineId))
          .returning();
        const totals = await applySubtotal(
          tx,
          kind,
          row,
          next.changes.some((c) => c.field === 'quantity') ? 'quantity' : 'price',
        );
        await kind.recordChange(tx, actor, id, 'update', [
          { field, before: auditLine(line), after: auditLine(updated as PricedRow) },
          ...totals,
        ]);
        return pricedLine(updated as PricedRow) as never;
      });
    },

    /** DELETE …/{services|products|equipments}/{lineId}: the line's own id, while the record takes changes. */
    async removeLine(db: Db, actor: Actor, id: number, kindOfLine: RecordLineKind, lineId: number) {
      await db.transaction(async (tx) => {
        const row = await kind.lock(tx, actor, id);
        kind.assertEditable(row);
        const changes = await removeLineIn(tx, row, kindOfLine, lineId);
        await kind.recordChange(tx, actor, id, 'delete', changes);
      });
    },
  };
}
