import { bigint, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizations } from './organizations.ts';
import { rowVersionColumn } from './record-columns.ts';

/** Products sold on orders and estimates. Lines copy name and price, so editing a product changes no old line. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    /** 'Código': optional, unique in the organization when given. */
    code: text('code'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    /** The warranty in days its lines get (null: none). */
    warrantyDays: integer('warranty_days'),
    /** How it is sold: 'un' (whole numbers) unless a fractional unit such as 'kg' (up to 3 decimals). */
    unit: text('unit').notNull().default('un'),
    /** What one unit costs the shop ('Custo'), in cents: 0 when unknown. Never shown to collaborators. */
    costCents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
    /** On the shelf now: the sum of its stock movements (negative when more went out than was counted). */
    stockQuantity: numeric('stock_quantity', { precision: 12, scale: 3, mode: 'number' }).notNull().default(0),
    /** The minimum the office wants on the shelf (null: none). */
    minStock: numeric('min_stock', { precision: 12, scale: 3, mode: 'number' }),
    /** When the stock last fell to the minimum or below; null while above it (each fall notifies once). */
    lowStockAt: timestamp('low_stock_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    rowVersion: rowVersionColumn(),
  },
  (t) => [
    uniqueIndex('products_organization_id_id_key').on(t.organizationId, t.id),
    check('products_price_check', sql`${t.priceCents} > 0`),
    check('products_cost_check', sql`${t.costCents} >= 0`),
    check('products_min_stock_check', sql`${t.minStock} >= 0`),
    index('products_organization_idx').on(t.organizationId),
    uniqueIndex('products_organization_code_key')
      .on(t.organizationId, t.code)
      .where(sql`${t.code} IS NOT NULL`),
    index('products_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);
