// A product's stock screen: its movements listed, and one entered by hand (core/stock/stock.ts moves it).
import { and, desc, eq } from 'drizzle-orm';
import {
  fromCents,
  stockMessages,
  stockQuantityProblem,
  toCents,
  type ListQuery,
  type StockMovementBody,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { pickColumns } from '../../lib/sql.ts';
import { invalid } from '../../lib/errors.ts';
import { listPage } from '../../lib/list.ts';
import { assertFound, type Actor } from '../../core/access/access.ts';
import { shownTo } from '../../core/access/values.ts';
import { moveStock } from '../../core/stock/stock.ts';

const p = schema.products;
const m = schema.stockMovements;

const movementColumns = {
  ...pickColumns(m, 'id', 'quantity', 'reason', 'unitCostCents', 'balance', 'createdAt', 'invoiceId'),
  user: schema.users.name,
  invoiceNumber: schema.invoices.number,
};
const movementRows = (db: Db | Tx) =>
  db
    .select(movementColumns)
    .from(m)
    .leftJoin(schema.users, eq(schema.users.id, m.userId))
    .leftJoin(schema.invoices, eq(schema.invoices.id, m.invoiceId))
    .$dynamic();
const toMovement = (r: {
  id: number;
  quantity: number;
  reason: string;
  unitCostCents: number | null;
  balance: number;
  createdAt: Date;
  user: string | null;
  invoiceId: number | null;
  invoiceNumber: number | null;
}) => ({
  id: r.id,
  quantity: Number(r.quantity),
  reason: r.reason,
  unitCost: r.unitCostCents === null ? null : fromCents(r.unitCostCents),
  balance: Number(r.balance),
  createdAt: r.createdAt.toISOString(),
  user: r.user,
  invoiceId: r.invoiceId,
  invoiceNumber: r.invoiceNumber,
});

/** The product's unit, if it is the organization's (a 404 otherwise). */
async function productUnit(db: Db | Tx, organizationId: number, productId: number) {
  const [row] = await db
    .select({ unit: p.unit })
    .from(p)
    .where(and(eq(p.id, productId), eq(p.organizationId, organizationId)));
  return assertFound(row).unit;
}

/** GET products/{id}/stock-movements: the newest first. */
export async function listMovements(db: Db, viewer: Actor, productId: number, query: ListQuery) {
  const { organizationId } = viewer;
  await productUnit(db, organizationId, productId);
  const where = and(eq(m.organizationId, organizationId), eq(m.productId, productId));
  return listPage(
    query,
    movementRows(db).where(where).orderBy(desc(m.id)).limit(query.take).offset(query.skip),
    () => db.$count(m, where),
    (r) => shownTo(viewer, 'stockMovement', toMovement(r)),
  );
}

/**
 * POST products/{id}/stock-movements (admin): the quantity in the product's unit, not zero; a unit
 * cost only on an entry, where it updates the product's cost.
 */
export async function addMovement(db: Db, actor: Actor, productId: number, body: StockMovementBody) {
  return db.transaction(async (tx) => {
    const unit = await productUnit(tx, actor.organizationId, productId);
    const problem = stockQuantityProblem(body.quantity, unit, { zero: false, negative: true });
    const errors: Record<string, string> = {};
    if (problem) errors.quantity = problem;
    if (body.unitCost != null && body.quantity < 0) errors.unitCost = stockMessages.unitCostOnExit;
    if (Object.keys(errors).length) throw invalid(errors);
    const unitCostCents = body.unitCost == null ? null : toCents(body.unitCost);
    const id = await moveStock(tx, {
      organizationId: actor.organizationId,
      productId,
      quantity: body.quantity,
      reason: body.reason,
      unitCostCents,
      purchase: unitCostCents !== null,
      userId: actor.userId,
    });
    const [row] = await movementRows(tx).where(eq(m.id, id));
    return shownTo(actor, 'stockMovement', toMovement(row!));
  });
}

// ---- orders --------------------------------------------------------------------------------------
