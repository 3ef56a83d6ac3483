import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import type { Db } from '../client.ts';
import type { DemoContext } from './context.ts';
import { invoiceProducts, invoices, products, stockMovements, users } from '../schema/index.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Per product of the demo catalogue, in its order: opening count, minimum, cost as a share of the price. */
const shelf: Array<[opening: number, min: number | null, costShare: number]> = [
  [12, 4, 0.55],
  [8, 3, 0.55],
  [4, 5, 0.45],
  [20, 5, 0.4],
  [3, 2, 0.5],
  [50, 10, 0.6],
  [1, null, 0.7],
  [4, 1, 0.72],
];

/**
 * The demo organization's stock as the API would have made it: each product's cost, its opening
 * count 120 days ago, and every completed order's product lines taken out at its completion at that
 * cost, so the stock and the 'Margem por OS' report agree with the orders.
 */
export async function seedStock(db: Db, ctx: DemoContext) {
  const organizationId = ctx.demoOrganizationId;
  const list = await db
    .select()
    .from(products)
    .where(eq(products.organizationId, organizationId))
    .orderBy(asc(products.id));
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'ROLE_ADMIN')))
    .orderBy(asc(users.id))
    .limit(1);
  const lines = await db
    .select({
      id: invoiceProducts.id,
      productId: invoiceProducts.productId,
      quantity: invoiceProducts.quantity,
      invoiceId: invoices.id,
      number: invoices.number,
      finishedAt: invoices.finishedAt,
    })
    .from(invoiceProducts)
    .innerJoin(invoices, eq(invoices.id, invoiceProducts.invoiceId))
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        eq(invoices.state, InvoiceState.Completed),
        isNotNull(invoices.finishedAt),
      ),
    )
    .orderBy(asc(invoices.finishedAt), asc(invoiceProducts.id));
  const opened = new Date(Date.now() - 120 * DAY);
  for (const [i, product] of list.entries()) {
    const [opening, minStock, share] = shelf[i % shelf.length]!;
    const costCents = Math.round(product.priceCents * share);
    let balance = opening;
    const rows: Array<typeof stockMovements.$inferInsert> = [
      {
        organizationId,
        productId: product.id,
        quantity: opening,
        reason: 'Estoque inicial',
        unitCostCents: costCents,
        balance,
        userId: admin!.id,
        createdAt: opened,
      },
    ];
    for (const line of lines.filter((l) => l.productId === product.id)) {
      balance = (Math.round(balance * 1000) - Math.round(Number(line.quantity) * 1000)) / 1000;
      rows.push({
        organizationId,
        productId: product.id,
        quantity: -Number(line.quantity),
        reason: `OS ${line.number} concluída`,
        unitCostCents: costCents,
        balance,
        invoiceId: line.invoiceId,
        invoiceProductId: line.id,
        userId: admin!.id,
        createdAt: line.finishedAt!,
      });
    }
    await db.insert(stockMovements).values(rows);
    const low = minStock !== null && balance <= minStock;
    await db
      .update(products)
      .set({ costCents, stockQuantity: balance, minStock, lowStockAt: low ? rows.at(-1)!.createdAt! : null })
      .where(eq(products.id, product.id));
  }
}
