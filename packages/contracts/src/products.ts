import { z } from 'zod';
import { listQuery, money, requiredString } from './common.ts';
import { productUnit } from './units.ts';

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

/** POST products and PUT products/{id}. */
export const productBody = z.object({
  name: requiredString(200),
  code: catalogCode,
  price: catalogPrice,
  warrantyDays,
  /** How it is sold: 'un' for a new product when not said; an edit without it keeps the product's. */
  unit: productUnit.optional(),
});
export type ProductBody = z.infer<typeof productBody>;

export const productResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  price: z.number(),
  unit: z.string(),
  warrantyDays: z.number().int().nullable(),
});
export type Product = z.infer<typeof productResponse>;

export const productListQuery = listQuery;
