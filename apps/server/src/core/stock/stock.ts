// A product's stock: every movement (a purchase, a count, an order's use) moves the quantity and the
// average cost in one place, and tells who keeps the products when it falls to the minimum. An order takes its
// products from stock while it is Completed, and gives them back when it is reopened or canceled.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { formatQuantityUnit, InvoiceState, type InvoiceStateValue } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import { assertFound } from '../access/access.ts';
import { notifyHolders } from '../notify/notify.ts';

const p = schema.products;
const m = schema.stockMovements;
const ip = schema.invoiceProducts;

/** Quantities are numeric(12, 3): sums kept in thousandths, so 0.1 + 0.2 is 0.3. */
const thousandths = (v: number) => Math.round(v * 1000);

const addQuantities = (a: number, b: number) => (thousandths(a) + thousandths(b)) / 1000;

/** Whether a product's stock stands at or below its minimum: the bell's event (no minimum, no event). */
export const isLowStock = (stock: number, minStock: number | null) => minStock !== null && stock <= minStock;

/**
 * The product's cost after a purchase: the weighted average of what is on the shelf at its cost and
 * what came in at its price. When nothing is on the shelf (zero or negative) or its cost is unknown
 * (0), the purchase's price is the cost. Rounded to the cent.
 */
export function averageCost(stock: number, costCents: number, quantity: number, unitCostCents: number) {
  if (stock <= 0 || costCents <= 0) return unitCostCents;
  const held = thousandths(stock);
  const bought = thousandths(quantity);
  return Math.round((held * costCents + bought * unitCostCents) / (held + bought));
}

interface LowStockProduct {
  id: number;
  organizationId: number;
  name: string;
  unit: string;
  stockQuantity: number;
  minStock: number | null;
  lowStockAt: Date | null;
}

/**
 * The product's `low_stock_at` after its stock or minimum changed: stamped (and the admins told, in
 * this transaction) when it falls to the minimum or below from above it, cleared when it goes back
 * above, kept while it stays low. So each fall notifies once, whatever number of movements follow.
 */
export async function lowStockAfter(tx: Tx, product: LowStockProduct): Promise<Date | null> {
  if (!isLowStock(product.stockQuantity, product.minStock)) return null;
  if (product.lowStockAt) return product.lowStockAt;
  const at = new Date();
  await notifyHolders(tx, 'product.manage', {
    organizationId: product.organizationId,
    sourceKey: `low-stock:${product.id}:${at.toISOString()}`,
    title: `Estoque baixo: ${product.name}`,
    description: `${product.name} está com ${formatQuantityUnit(product.stockQuantity, product.unit)} em estoque; o mínimo é ${formatQuantityUnit(product.minStock!, product.unit)}.`,
    url: `/products/${product.id}/edit`,
    at,
  });
  return at;
}

export interface Movement {
  organizationId: number;
  productId: number;
  /** Signed, already checked against the product's unit. */
  quantity: number;
  reason: string;
  /** What one unit moved at; 'cost': the product's cost now (an order's issue). */
  unitCostCents: number | null | 'cost';
  /** A purchase: its unit cost becomes part of the product's cost (`averageCost`). */
  purchase?: boolean;
  userId: number | null;
  invoiceId?: number;
  invoiceProductId?: number;
}

/**
 * Writes one movement and the product's new stock under the product's row lock, so two movements at
 * once each see the other's balance. Notifies the admins when the stock falls to its minimum.
 */
export async function moveStock(tx: Tx, movement: Movement) {
  const [product] = await tx
    .select({
      id: p.id,
      organizationId: p.organizationId,
      name: p.name,
      unit: p.unit,
      costCents: p.costCents,
      stockQuantity: p.stockQuantity,
      minStock: p.minStock,
      lowStockAt: p.lowStockAt,
    })
    .from(p)
    .where(and(eq(p.id, movement.productId), eq(p.organizationId, movement.organizationId)))
    .for('update');
  const before = assertFound(product);
  const balance = addQuantities(before.stockQuantity, movement.quantity);
  const unitCostCents = movement.unitCostCents === 'cost' ? before.costCents : movement.unitCostCents;
  const costCents =
    movement.purchase && movement.quantity > 0 && unitCostCents !== null
      ? averageCost(before.stockQuantity, before.costCents, movement.quantity, unitCostCents)
      : before.costCents;
  const lowStockAt = await lowStockAfter(tx, { ...before, stockQuantity: balance });
  await tx
    .update(p)
    .set({ stockQuantity: balance, costCents, lowStockAt, updatedAt: new Date() })
    .where(eq(p.id, before.id));
  const [row] = await tx
    .insert(m)
    .values({
      organizationId: movement.organizationId,
      productId: before.id,
      quantity: movement.quantity,
      reason: movement.reason,
      unitCostCents,
      balance,
      invoiceId: movement.invoiceId ?? null,
      invoiceProductId: movement.invoiceProductId ?? null,
      userId: movement.userId,
    })
    .returning({ id: m.id });
  return row!.id;
}

// ---- the API -------------------------------------------------------------------------------------

const stateWords: Partial<Record<InvoiceStateValue, string>> = {
  [InvoiceState.Completed]: 'concluída',
  [InvoiceState.Wip]: 'reaberta',
  [InvoiceState.Canceled]: 'cancelada',
};

/**
 * Brings the stock in line with an order after its state changed, in the transaction of the change
 * and under the order's row lock: while the order is Completed each product line has taken its
 * quantity out of stock, otherwise nothing. What a line has taken is the sum of its movements, so
 * this only writes the difference (one movement per line): completing an order twice takes nothing
 * more, reopening or cancelling it puts everything back, and a line removed in between (lines change
 * only on open orders) gives back what it took. An issue moves at the product's cost then; a return at
 * the cost of what it returns, so an order's cost (the 'Margem por OS' report) stays what it was.
 */
export async function syncOrderStock(
  tx: Tx,
  actor: { organizationId: number; userId: number },
  order: { id: number; number: number },
  state: InvoiceStateValue,
) {
  const lines = await tx
    .select({ id: ip.id, productId: ip.productId, quantity: ip.quantity })
    .from(ip)
    .where(and(eq(ip.invoiceId, order.id), isNotNull(ip.productId)));
  const taken = await tx
    .select({
      lineId: m.invoiceProductId,
      productId: m.productId,
      quantity: sql<string>`sum(${m.quantity})`,
      // The cost of the latest issue: what a return gives back at.
      unitCostCents: sql<
        string | null
      >`(array_agg(${m.unitCostCents} ORDER BY ${m.id} DESC) FILTER (WHERE ${m.quantity} < 0))[1]`,
    })
    .from(m)
    .where(and(eq(m.invoiceId, order.id), eq(m.organizationId, actor.organizationId)))
    .groupBy(m.invoiceProductId, m.productId);

  const done = state === InvoiceState.Completed;
  const word = stateWords[state] ?? 'alterada';
  const moves: Movement[] = [];
  const seen = new Set<string>();
  const base = { organizationId: actor.organizationId, userId: actor.userId, invoiceId: order.id };
  for (const line of lines) {
    const key = `${line.id}:${line.productId}`;
    seen.add(key);
    const had = taken.find((r) => `${r.lineId}:${r.productId}` === key);
    const net = Number(had?.quantity ?? 0);
    const diff = addQuantities(done ? -Number(line.quantity) : 0, -net);
    if (diff === 0) continue;
    moves.push({
      ...base,
      productId: line.productId!,
      invoiceProductId: line.id,
      quantity: diff,
      reason: `OS ${order.number} ${word}`,
      unitCostCents: diff < 0 ? 'cost' : had?.unitCostCents == null ? null : Number(had.unitCostCents),
    });
  }
  for (const r of taken) {
    const net = Number(r.quantity);
    if (seen.has(`${r.lineId}:${r.productId}`) || net === 0) continue;
    moves.push({
      ...base,
      productId: r.productId,
      invoiceProductId: r.lineId ?? undefined,
      quantity: -net,
      reason: `OS ${order.number}: produto removido`,
      unitCostCents: r.unitCostCents == null ? null : Number(r.unitCostCents),
    });
  }
  // Products locked in one order (their ids), so two orders completed at once cannot deadlock.
  moves.sort((a, b) => a.productId - b.productId || (a.invoiceProductId ?? 0) - (b.invoiceProductId ?? 0));
  for (const move of moves) await moveStock(tx, move);
}
