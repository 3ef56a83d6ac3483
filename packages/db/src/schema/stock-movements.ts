import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizationColumn } from './record-columns.ts';
import { products } from './products.ts';
import { invoices } from './invoices.ts';
import { users } from './users.ts';

/**
 * A change of a product's stock, never updated: the opening count, a purchase or count an admin typed
 * in, or an order's product line going out when the order is completed (and back when it is reopened).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    productId: integer('product_id').notNull(),
    /** Signed: in is positive, out negative; up to 3 decimals for the fractional units. */
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /**
     * What one unit moved at, in cents: a purchase's price, or the product's cost when an order took it
     * (so an order's margin stays what it was when completed). Null: a count without a cost.
     */
    unitCostCents: bigint('unit_cost_cents', { mode: 'number' }),
    /** The product's stock after this movement. */
    balance: numeric('balance', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    invoiceId: integer('invoice_id'),
    /** The order line it came from; kept after the line is removed (no foreign key). */
    invoiceProductId: integer('invoice_product_id'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_movements_quantity_check', sql`${t.quantity} <> 0`),
    check('stock_movements_unit_cost_check', sql`${t.unitCostCents} >= 0`),
    sameOrganizationAs('stock_movements_product_id_fkey', t, t.productId, products),
    sameOrganizationAs('stock_movements_invoice_id_fkey', t, t.invoiceId, invoices),
    sameOrganizationAs('stock_movements_user_id_fkey', t, t.userId, users),
    index('stock_movements_product_idx').on(t.organizationId, t.productId, t.id.desc()),
    index('stock_movements_invoice_idx')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} IS NOT NULL`),
  ],
);
