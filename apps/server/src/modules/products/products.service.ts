import { lt, or, lte, and, isNotNull, eq, type SQL } from 'drizzle-orm';
import {
  catalogMessages,
  DEFAULT_UNIT,
  fromCents,
  isFractionalUnit,
  stockMessages,
  stockQuantityProblem,
  stockStatus,
  toCents,
  type ProductBody,
  type ProductListQuery,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { pickColumns } from '../../lib/sql.ts';
import { invalid } from '../../lib/errors.ts';
import { register } from '../../core/registers/register.ts';
import { alphabetical } from '../../lib/paging.ts';
import { assertFound, type Actor } from '../../core/access/access.ts';
import { shownPage, shownTo, valuesSeenBy } from '../../core/access/values.ts';
import { lowStockAfter, moveStock } from '../../core/stock/stock.ts';
import { assertVersion } from '../../core/records/versions.ts';

const t = schema.products;
const columns = pickColumns(
  t,
  'id',
  'name',
  'code',
  'priceCents',
  'unit',
  'warrantyDays',
  'costCents',
  'stockQuantity',
  'minStock',
  'rowVersion',
);
type ProductRow = {
  id: number;
  name: string;
  code: string | null;
  priceCents: number;
  unit: string;
  warrantyDays: number | null;
  costCents: number;
  stockQuantity: number;
  minStock: number | null;
  rowVersion: number;
};
const toProduct = (r: ProductRow) => {
  const stockQuantity = Number(r.stockQuantity);
  const minStock = r.minStock === null ? null : Number(r.minStock);
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    sku: r.code,
    price: fromCents(r.priceCents),
    unit: r.unit,
    warrantyDays: r.warrantyDays,
    cost: fromCents(r.costCents),
    stockQuantity,
    minStock,
    stockStatus: stockStatus(stockQuantity, minStock),
    version: r.rowVersion,
  };
};

const products = register({
  table: t,
  select: (db) => db.select(columns).from(t).$dynamic(),
  toItem: toProduct,
  search: [t.name, t.code],
  order: [alphabetical(t.name)],
  unique: { constraint: 'products_organization_code_key', field: 'code', message: catalogMessages.productCodeTaken },
});

/** `stock=negative`: below zero; `stock=low`: at or below the minimum, or below zero. */
const stockFilters: Record<string, SQL | undefined> = {
  negative: lt(t.stockQuantity, 0),
  low: or(lt(t.stockQuantity, 0), and(isNotNull(t.minStock), lte(t.stockQuantity, t.minStock))),
};

/** Alphabetical, searched by name and code (also the product picker of orders and estimates). */
export const listProducts = async (db: Db, viewer: Actor, query: ProductListQuery) =>
  shownPage(
    viewer,
    'product',
    await products.list(db, viewer.organizationId, query, query.stock ? stockFilters[query.stock] : undefined),
  );

/** The product, without its price or cost for a reader who may not see them. */
export const getProduct = async (db: Db, viewer: Actor, id: number) =>
  shownTo(viewer, 'product', await products.get(db, viewer.organizationId, id));

/** `sku` is `code` under another name: either may be sent, both only alike. */
function codeOf(body: ProductBody) {
  if (body.code !== undefined && body.sku !== undefined && body.code !== body.sku)
    throw invalid({ sku: stockMessages.skuAndCode });
  return body.code !== undefined ? body.code : body.sku;
}

/** The stock figures of a body checked against the product's unit, all fields at once. */
function checkStock(
  unit: string,
  figures: { stockQuantity?: number; minStock?: number | null },
  errors: Record<string, string> = {},
) {
  if (figures.stockQuantity !== undefined) {
    const problem = stockQuantityProblem(figures.stockQuantity, unit, { zero: true, negative: false });
    if (problem) errors.stockQuantity = problem;
  }
  if (figures.minStock !== undefined && figures.minStock !== null) {
    const problem = stockQuantityProblem(figures.minStock, unit, { zero: true, negative: false });
    if (problem) errors.minStock = problem === stockMessages.openingNegative ? stockMessages.minNegative : problem;
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/**
 * POST products: `stockQuantity` is the opening count, written as the product's first movement
 * ('Estoque inicial', at its cost) in the same transaction.
 */
export async function createProduct(db: Db, actor: Actor, body: ProductBody) {
  const code = codeOf(body);
  const unit = body.unit ?? DEFAULT_UNIT;
  checkStock(unit, body);
  const id = await products.unique(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(t)
        .values({
          organizationId: actor.organizationId,
          name: body.name,
          code: code ?? null,
          priceCents: toCents(body.price),
          unit,
          warrantyDays: body.warrantyDays ?? null,
          costCents: toCents(body.cost ?? 0),
          minStock: body.minStock ?? null,
        })
        .returning({ id: t.id });
      if (body.stockQuantity)
        await moveStock(tx, {
          organizationId: actor.organizationId,
          productId: row!.id,
          quantity: body.stockQuantity,
          reason: 'Estoque inicial',
          unitCostCents: 'cost',
          userId: actor.userId,
        });
      else await checkLowStock(tx, actor.organizationId, row!.id);
      return row!.id;
    }),
  );
  return getProduct(db, actor, id);
}

/** Stamps (and notifies) a product whose minimum was just set at or above its stock. */
async function checkLowStock(tx: Tx, organizationId: number, id: number) {
  const [row] = await tx
    .select({
      id: t.id,
      organizationId: t.organizationId,
      name: t.name,
      unit: t.unit,
      stockQuantity: t.stockQuantity,
      minStock: t.minStock,
      lowStockAt: t.lowStockAt,
    })
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)))
    .for('update');
  const product = assertFound(row);
  const lowStockAt = await lowStockAfter(tx, {
    ...product,
    stockQuantity: Number(product.stockQuantity),
    minStock: product.minStock === null ? null : Number(product.minStock),
  });
  if (lowStockAt?.getTime() !== product.lowStockAt?.getTime())
    await tx.update(t).set({ lowStockAt }).where(eq(t.id, id));
}

/**
 * PUT products/{id}: the stock is not edited here (movements change it), so a `stockQuantity` other
 * than the product's is a 422 on it; the same value passes, so a client that sends back what it read
 * is not refused. A unit of whole numbers is refused while the stock or minimum has decimals.
 */
export async function updateProduct(db: Db, actor: Actor, id: number, body: ProductBody) {
  const { organizationId } = actor;
  const seen = valuesSeenBy(actor);
  const code = codeOf(body);
  await products.unique(() =>
    db.transaction(async (tx) => {
      const [current] = await tx.select(columns).from(t).where(products.owned(organizationId, id)).for('update');
      const before = assertFound(current);
      assertVersion(body, before, () => {
        const shown = toProduct(before);
        const fields = {
          name: shown.name,
          code: shown.code,
          unit: shown.unit,
          warrantyDays: shown.warrantyDays,
          stockQuantity: shown.stockQuantity,
          minStock: shown.minStock,
        };
        // What the editor may not read is not told either.
        return {
          ...fields,
          ...(seen.prices ? { price: shown.price } : {}),
          ...(seen.costs ? { cost: shown.cost } : {}),
        };
      });
      const unit = body.unit ?? before.unit;
      const errors: Record<string, string> = {};
      const stock = Number(before.stockQuantity);
      if (body.stockQuantity !== undefined && body.stockQuantity !== stock)
        errors.stockQuantity = stockMessages.changedByMovements;
      const minStock = body.minStock !== undefined ? body.minStock : before.minStock;
      if (
        !isFractionalUnit(unit) &&
        unit !== before.unit &&
        (!Number.isInteger(stock) || (minStock !== null && !Number.isInteger(Number(minStock))))
      )
        errors.unit = stockMessages.wholeUnitWithDecimals;
      checkStock(unit, { minStock: body.minStock }, errors);
      await tx
        .update(t)
        .set({
          name: body.name,
          // Who may not see the price or the cost edits the rest: what they could not read is kept.
          ...(seen.prices ? { priceCents: toCents(body.price) } : {}),
          ...(body.unit ? { unit: body.unit } : {}),
          ...(code !== undefined ? { code } : {}),
          ...(body.warrantyDays !== undefined ? { warrantyDays: body.warrantyDays } : {}),
          ...(body.cost !== undefined && seen.costs ? { costCents: toCents(body.cost ?? 0) } : {}),
          ...(body.minStock !== undefined ? { minStock: body.minStock } : {}),
          updatedAt: new Date(),
        })
        .where(products.owned(organizationId, id));
      if (body.minStock !== undefined) await checkLowStock(tx, organizationId, id);
    }),
  );
  return getProduct(db, actor, id);
}
