import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CommentType,
  EstimateCommentType,
  EstimateStatus,
  estimateMessages,
  fromCents,
  InvoiceState,
  isFractionalUnit,
  isInvoiceClosed,
  MONEY_MAX_CENTS,
  type EstimateInvoicesResponse,
  type GenerateInvoiceBody,
  type InvoiceStateValue,
} from '@ordem-certa/contracts';
import { equipmentFromEstimate, schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { invoiceKind, recordChange as recordInvoiceChange } from '../../core/orders/invoice-access.ts';
import { subtotalOf } from '../../core/records/lines.ts';
import { applyEstimateDiscount } from './estimate-discount.service.ts';
import { findEstimate, lockEstimate, recordChange, type Actor, type EstimateRow } from './estimate-access.ts';
import { reads } from '../../lib/reads.ts';
import { draftPartsOf, insertDraftInvoice } from '../../core/orders/new-invoice.ts';

const {
  invoices: i,
  invoiceStatuses: st,
  invoiceServices: is,
  invoiceProducts: ip,
  invoiceEquipments: ie,
  estimateServices: s,
  estimateProducts: p,
  estimateEquipments: e,
} = schema;

/**
 * What of an estimate is still to be put on orders. A line's units already on an order that is not
 * Canceled are taken; removing them from the order or canceling the order gives them back.
 */
export async function remainingOf(db: Db | Tx, estimateId: number) {
  const live = sql`inv.state <> ${InvoiceState.Canceled}`;
  const [services, products, equipments] = await reads(
    db,
    () =>
      queryRows<{
        id: number;
        item_number: number;
        name: string;
        description: string | null;
        quantity: number;
        is_grouped: boolean;
        taken: string;
      }>(
        db,
        sql`SELECT l.id, l.item_number, l.name, l.description, l.quantity, l.is_grouped,
                 coalesce((SELECT sum(x.quantity) FROM invoice_services x JOIN invoices inv ON inv.id = x.invoice_id
                           WHERE x.estimate_service_id = l.id AND ${live}), 0) AS taken
          FROM estimate_services l WHERE l.estimate_id = ${estimateId} ORDER BY l.item_number, l.id`,
      ),
    () =>
      queryRows<{
        id: number;
        item_number: number;
        name: string;
        quantity: number;
        is_grouped: boolean;
        unit: string;
        taken: string;
      }>(
        db,
        sql`SELECT l.id, l.item_number, l.name, l.quantity, l.is_grouped, l.unit,
                 coalesce((SELECT sum(x.quantity) FROM invoice_products x JOIN invoices inv ON inv.id = x.invoice_id
                           WHERE x.estimate_product_id = l.id AND ${live}), 0) AS taken
          FROM estimate_products l WHERE l.estimate_id = ${estimateId} ORDER BY l.item_number, l.id`,
      ),
    () =>
      queryRows<{
        id: number;
        equipment_id: number | null;
        name: string;
        brand: string;
        model: string;
        serial_number: string;
        taken: boolean;
      }>(
        db,
        sql`SELECT l.id, l.equipment_id, l.name, l.brand, l.model, l.serial_number,
                 EXISTS (SELECT 1 FROM invoice_equipments x JOIN invoices inv ON inv.id = x.invoice_id
                         WHERE x.estimate_equipment_id = l.id AND ${live}) AS taken
          FROM estimate_equipments l WHERE l.estimate_id = ${estimateId} ORDER BY l.id`,
      ),
  );
  const line = (r: (typeof services)[number] | (typeof products)[number]) => ({
    id: Number(r.id),
    itemNumber: Number(r.item_number),
    name: r.name,
    description: 'description' in r ? r.description : null,
    quantity: Number(r.quantity),
    unit: 'unit' in r ? r.unit : null,
    isGrouped: goesWhole({ isGrouped: r.is_grouped, quantity: Number(r.quantity), unit: 'unit' in r ? r.unit : null }),
    remaining: Number(r.quantity) - Number(r.taken),
  });
  return {
    services: services.map(line),
    products: products.map(line),
    equipments: equipments.map((r) => ({
      id: Number(r.id),
      equipmentId: r.equipment_id === null ? null : Number(r.equipment_id),
      name: r.name,
      brand: r.brand,
      model: r.model,
      serialNumber: r.serial_number,
      taken: r.taken,
    })),
  };
}

/**
 * A line goes to one order whole when it is grouped, and also when it is measured rather than counted
 * (a product sold by kg, m, l…, or any quantity with decimals): 1,5 kg of gas cannot go one unit a line.
 */
function goesWhole(line: { isGrouped: boolean; quantity: number; unit: string | null }) {
  return line.isGrouped || isFractionalUnit(line.unit) || !Number.isInteger(Number(line.quantity));
}

/** GET estimates/{id}/invoices: the orders generated from the estimate, and what remains to assign. */
export async function listEstimateInvoices(db: Db, actor: Actor, id: number): Promise<EstimateInvoicesResponse> {
  await findEstimate(db, actor, id);
  const count = (t: typeof is | typeof ip | typeof ie) =>
    sql<number>`(SELECT count(*) FROM ${t} x WHERE x.invoice_id = ${i.id})`.mapWith(Number);
  const [orders, remaining] = await Promise.all([
    db
      .select({
        id: i.id,
        number: i.number,
        createdAt: i.createdAt,
        statusState: i.state,
        statusLabel: st.label,
        servicesCount: count(is),
        productsCount: count(ip),
        equipmentsCount: count(ie),
      })
      .from(i)
      .innerJoin(st, eq(st.id, i.statusId))
      .where(and(eq(i.organizationId, actor.organizationId), eq(i.estimateId, id)))
      .orderBy(desc(i.number)),
    remainingOf(db, id),
  ]);
  return {
    data: orders.map((o) => ({
      ...o,
      createdAt: o.createdAt.toISOString(),
      isClosed: isInvoiceClosed(o.statusState as InvoiceStateValue),
    })),
    remaining: {
      services: remaining.services.filter((l) => l.remaining > 0),
      products: remaining.products.filter((l) => l.remaining > 0),
      equipments: remaining.equipments.filter((l) => !l.taken).map(({ taken: _t, equipmentId: _e, ...l }) => l),
    },
  };
}

/**
 * What a new order made from the estimate starts with besides its lines: the customer's address when
 * the customer has exactly one (with several, the office picks the job's address), and the estimate's
 * general notes as the order's general comments (author and time kept; internal notes stay behind).
 */
async function carryOverToNewInvoice(tx: Tx, actor: Actor, estimate: EstimateRow, invoiceId: number) {
  const a = schema.addresses;
  const addresses = await tx
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.organizationId, actor.organizationId), eq(a.customerId, estimate.customerId)))
    .limit(2);
  if (addresses.length === 1) await tx.update(i).set({ addressId: addresses[0]!.id }).where(eq(i.id, invoiceId));
  const c = schema.estimateComments;
  const notes = await tx
    .select({ userId: c.userId, comment: c.comment, createdAt: c.createdAt })
    .from(c)
    .where(and(eq(c.estimateId, estimate.id), eq(c.type, EstimateCommentType.General)))
    .orderBy(asc(c.createdAt), asc(c.id));
  if (notes.length)
    await tx
      .insert(schema.invoiceComments)
      .values(notes.map((n) => ({ organizationId: actor.organizationId, invoiceId, type: CommentType.General, ...n })));
}

/** The order lines come in as picked; the same estimate line twice in one request is a mistake. */
function assertDistinct(ids: number[], field: string) {
  if (new Set(ids).size !== ids.length) throw invalid({ [field]: 'Item repetido na seleção' });
}

/** The target order, row-locked: one of this estimate's orders that still takes lines, or a new one. */
async function targetInvoice(tx: Tx, actor: Actor, estimate: EstimateRow, invoiceId: number | null) {
  if (invoiceId === null) {
    const parts = await draftPartsOf(tx, actor.organizationId, estimate);
    const created = await insertDraftInvoice(tx, actor, { ...parts, estimateId: estimate.id });
    await carryOverToNewInvoice(tx, actor, estimate, created.id);
    const [row] = await tx.select().from(i).where(eq(i.id, created.id));
    return row!;
  }
  const [row] = await tx
    .select()
    .from(i)
    .where(and(eq(i.id, invoiceId), eq(i.organizationId, actor.organizationId)))
    .for('update', { of: i });
  if (!row) throw notFound();
  if (row.estimateId !== estimate.id) throw invalid({ invoice: estimateMessages.invoiceNotOfEstimate });
  if (isInvoiceClosed(row.state as InvoiceStateValue)) throw conflict(estimateMessages.invoiceClosed);
  return row;
}

/**
 * POST estimates/{id}/invoices: puts the picked equipment, services and products of a Completed
 * estimate on one of its open orders, or on a new Draft order made from it ('Nova +'). All in one
 * transaction under the estimate's row lock, so two admins generating at once see each other's
 * result: nothing goes to two live orders and no unit is counted twice. A grouped line goes whole,
 * as one line; a non-grouped line goes one unit per order line, as many units as asked (at most
 * what remains). Prices are the estimate's.
 */
export async function generateInvoice(db: Db, actor: Actor, id: number, body: GenerateInvoiceBody) {
  const equipments = body.equipments ?? [];
  const services = body.services ?? [];
  const products = body.products ?? [];
  assertDistinct(equipments, 'equipments');
  assertDistinct(
    services.map((l) => l.id),
    'services',
  );
  assertDistinct(
    products.map((l) => l.id),
    'products',
  );
  return db.transaction(async (tx) => {
    const estimate = await lockEstimate(tx, actor, id);
    if (estimate.status !== EstimateStatus.Completed) throw conflict(estimateMessages.onlyCompleted);
    const remaining = await remainingOf(tx, id);
    const invoice = await targetInvoice(tx, actor, estimate, body.invoice);
    const org = actor.organizationId;
    const added: Array<{ field: string; before: null; after: unknown }> = [];

    if (equipments.length) {
      const present = new Set(
        (await tx.select({ equipmentId: ie.equipmentId }).from(ie).where(eq(ie.invoiceId, invoice.id))).map(
          (r) => r.equipmentId,
        ),
      );
      const lines = await tx
        .select()
        .from(e)
        .where(and(eq(e.estimateId, id), inArray(e.id, equipments)));
      if (lines.length !== equipments.length) throw notFound(estimateMessages.lineNotFound);
      for (const line of lines) {
        const state = remaining.equipments.find((r) => r.id === line.id)!;
        if (state.taken) throw conflict(estimateMessages.lineAlreadyAssigned);
        if (line.equipmentId !== null && present.has(line.equipmentId))
          throw conflict('Este equipamento já está na ordem de serviço');
        present.add(line.equipmentId);
      }
      await tx
        .insert(ie)
        .values(lines.map((l) => ({ organizationId: org, invoiceId: invoice.id, ...equipmentFromEstimate(l) })));
      for (const l of lines)
        added.push({ field: 'equipments', before: null, after: { name: l.name, serialNumber: l.serialNumber } });
    }

    const pricedLines = async (kind: 'services' | 'products', picks: Array<{ id: number; quantity: number }>) => {
      if (!picks.length) return;
      const table = kind === 'services' ? s : p;
      const lines = await tx
        .select()
        .from(table)
        .where(
          and(
            eq(table.estimateId, id),
            inArray(
              table.id,
              picks.map((x) => x.id),
            ),
          ),
        )
        .orderBy(asc(table.itemNumber));
      if (lines.length !== picks.length) throw notFound(estimateMessages.lineNotFound);
      const rows = [];
      for (const line of lines) {
        const wanted = picks.find((x) => x.id === line.id)!.quantity;
        const left = remaining[kind].find((r) => r.id === line.id)!.remaining;
        const quantity = Number(line.quantity);
        const whole = goesWhole({ isGrouped: line.isGrouped, quantity, unit: 'unit' in line ? line.unit : null });
        if (whole) {
          if (left < quantity) throw conflict(estimateMessages.lineAlreadyAssigned);
          if (wanted !== quantity) throw invalid({ [kind]: estimateMessages.groupedWhole });
        } else if (!Number.isInteger(wanted)) {
          throw invalid({ [kind]: estimateMessages.wholeUnits });
        } else if (wanted > left) {
          throw conflict(left === 0 ? estimateMessages.lineAlreadyAssigned : estimateMessages.unitsUnavailable(left));
        }
        const units = whole ? [quantity] : Array.from({ length: wanted }, () => 1);
        for (const amount of units) rows.push({ line, quantity: amount });
        added.push({
          field: kind,
          before: null,
          after: { name: line.name, quantity: wanted, price: fromCents(line.priceCents) },
        });
      }
      if (kind === 'services') {
        await tx.insert(is).values(
          rows.map(({ line, quantity }) => ({
            organizationId: org,
            invoiceId: invoice.id,
            serviceId: (line as typeof s.$inferSelect).serviceId,
            estimateServiceId: line.id,
            name: line.name,
            description: (line as typeof s.$inferSelect).description,
            quantity,
            priceCents: line.priceCents,
            warrantyDays: line.warrantyDays,
          })),
        );
      } else {
        await tx.insert(ip).values(
          rows.map(({ line, quantity }) => ({
            organizationId: org,
            invoiceId: invoice.id,
            productId: (line as typeof p.$inferSelect).productId,
            estimateProductId: line.id,
            name: line.name,
            unit: (line as typeof p.$inferSelect).unit,
            quantity,
            priceCents: line.priceCents,
            warrantyDays: line.warrantyDays,
          })),
        );
      }
    };
    await pricedLines('services', services);
    await pricedLines('products', products);

    const subtotalCents = await subtotalOf(tx, invoiceKind, invoice.id);
    if (subtotalCents > MONEY_MAX_CENTS) throw invalid({ services: estimateMessages.totalTooHigh });
    const discountCents = Math.min(invoice.discountCents, subtotalCents);
    await tx.update(i).set({ subtotalCents, discountCents }).where(eq(i.id, invoice.id));
    const discounts = await applyEstimateDiscount(tx, actor, estimate);
    const discountChange = (invoiceId: number, before: number) => {
      const d = discounts.get(invoiceId);
      return d ? [{ field: 'discount', before: fromCents(before), after: fromCents(d.after) }] : [];
    };
    await recordInvoiceChange(tx, actor, invoice.id, 'update', [
      ...added,
      { field: 'subTotal', before: fromCents(invoice.subtotalCents), after: fromCents(subtotalCents) },
      ...discountChange(invoice.id, invoice.discountCents),
    ]);
    for (const [other, d] of discounts)
      if (other !== invoice.id) await recordInvoiceChange(tx, actor, other, 'update', discountChange(other, d.before));
    await recordChange(tx, actor, id, 'update', [
      { field: 'invoices', before: null, after: { number: invoice.number, items: added.map((a) => a.after) } },
    ]);
    return { id: invoice.id, number: invoice.number };
  });
}
