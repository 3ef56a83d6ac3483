import { z } from 'zod';
import { loadedVersion, recordVersion } from './record-versions.ts';
import { listQuery, listResponse, money, requiredString } from './common.ts';
import { quantityMessages } from './units.ts';
import { productUnit } from './unit-schemas.ts';
import { stockMessages, stockQuantityProblem } from './stock-rules.ts';

/** Price of products and services: minimum 0.01, step 0.01. */
export const catalogPrice = money({ min: 0.01, minMessage: 'O preço deve ser de no mínimo R$ 0,01' });

export const WARRANTY_DAYS_MAX = 3650;
const warrantyMessage = `Informe a garantia em dias, de 0 a ${WARRANTY_DAYS_MAX}`;

/**
 * The warranty in days a catalogue item gives its lines; null: none. A write without it keeps the
 * record's (a new one has none).
 */
export const warrantyDays = z
  .number({ error: warrantyMessage })
  .int(warrantyMessage)
  .min(0, warrantyMessage)
  .max(WARRANTY_DAYS_MAX, warrantyMessage)
  .nullish();
export const CATALOG_CODE_MAX = 60;

/**
 * 'Código' of a product or service (a SKU, a barcode, the number in the system it came from):
 * optional and unique in the organization. A write without it keeps the record's; '' clears it.
 */
export const catalogCode = z
  .string()
  .trim()
  .max(CATALOG_CODE_MAX, `Deve ter no máximo ${CATALOG_CODE_MAX} caracteres`)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

export const catalogMessages = {
  productCodeTaken: 'Já existe um produto com este código',
  serviceCodeTaken: 'Já existe um serviço com este código',
} as const;

// ---- stock ---------------------------------------------------------------------------------------

/**
 * A stock figure in a body (a movement's quantity, the opening count, the minimum) before the product's
 * unit is known: a number of at most 3 decimals and at most QUANTITY_MAX either way. The service then
 * applies `stockQuantityProblem` with the unit, as order lines do with `quantityProblem`.
 */
export const stockNumber = z.number({ error: quantityMessages.required }).superRefine((v, ctx) => {
  const problem = stockQuantityProblem(v, 'kg', { zero: true, negative: true });
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** How a product's stock stands: below zero, at or below its minimum, or fine. */
export const STOCK_STATUSES = ['ok', 'low', 'negative'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const stockStatusLabels: Record<StockStatus, string> = {
  ok: 'Normal',
  low: 'Estoque baixo',
  negative: 'Negativo',
};
export function stockStatus(stock: number, minStock: number | null): StockStatus {
  if (stock < 0) return 'negative';
  if (minStock !== null && stock <= minStock) return 'low';
  return 'ok';
}

/**
 * POST products and PUT products/{id}. `sku` is another name of `code` (one column). `stockQuantity`
 * is the opening count on a create; afterwards the stock changes only by movements, so an edit may
 * send it only unchanged. An edit without `cost` or `minStock` keeps the product's; `minStock: null`
 * removes the minimum.
 */
export const productBody = z.object({
  name: requiredString(200),
  code: catalogCode,
  sku: catalogCode,
  price: catalogPrice,
  warrantyDays,
  /** How it is sold: 'un' for a new product when not said; an edit without it keeps the product's. */
  unit: productUnit.optional(),
  /** What one unit costs the shop; 0 when unknown (null or, on a create, absent). An edit without it keeps it. */
  cost: money().nullish(),
  stockQuantity: stockNumber.optional(),
  minStock: stockNumber.nullish(),
  /** On an edit, the version the form loaded (ignored on a create). */
  ...loadedVersion,
});
export type ProductBody = z.infer<typeof productBody>;

export const productResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  /** The same value as `code`. */
  sku: z.string().nullable(),
  /** Left out for a reader without `price.see`. */
  price: z.number().optional(),
  unit: z.string(),
  warrantyDays: z.number().int().nullable(),
  /** Left out for a reader without `cost.see`. */
  cost: z.number().optional(),
  stockQuantity: z.number(),
  minStock: z.number().nullable(),
  stockStatus: z.enum(STOCK_STATUSES),
  /** The row's version: the form sends it back with its edit (409 when the product changed meanwhile). */
  version: recordVersion,
});
export type Product = z.infer<typeof productResponse>;

/** GET products: `stock=low` those at or below their minimum or negative, `stock=negative` those below zero. */
export const STOCK_FILTERS = ['low', 'negative'] as const;
export const productListQuery = listQuery.extend({
  stock: z.enum(STOCK_FILTERS, { error: 'Selecione uma opção válida' }).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/**
 * POST products/{id}/stock-movements (admin): a purchase (positive, with its unit cost), a loss or a
 * count's correction. The quantity follows the product's unit; the unit cost only on entries.
 */
export const stockMovementBody = z.object({
  quantity: stockNumber,
  reason: requiredString(200),
  unitCost: money({ min: 0.01, minMessage: stockMessages.costMin }).nullish(),
});
export type StockMovementBody = z.infer<typeof stockMovementBody>;

export const stockMovementResponse = z.object({
  id: z.number().int(),
  quantity: z.number(),
  reason: z.string(),
  /** Left out for a reader without `cost.see`. */
  unitCost: z.number().nullable().optional(),
  /** The product's stock after it. */
  balance: z.number(),
  createdAt: z.string(),
  /** Who typed it in, or whose order change made it. */
  user: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.number().int().nullable(),
});
export type StockMovement = z.infer<typeof stockMovementResponse>;
export const stockMovementListResponse = listResponse(stockMovementResponse);
/** POST stock-movements answers the movement and the product as it is now (stock, cost). */
export const stockMovementCreated = z.object({ movement: stockMovementResponse, product: productResponse });
