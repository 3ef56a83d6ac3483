import { z } from 'zod';
import { listQuery, money, requiredString } from './common.ts';
import { productUnit } from './units.ts';

/** Price of products and services: minimum 0.01, step 0.01. */
export const catalogPrice = money({ min: 0.01, minMessage: 'O preço deve ser de no mínimo R$ 0,01' });

export const WARRANTY_DAYS_MAX = 3650;
const warrantyMessage = `Informe a garantia em dias, de 0 a ${WARRANTY_DAYS_MAX}`;

/** The warranty in days a catalogue item gives its lines; blank or null: none. */
export const warrantyDays = z
  .number({ error: warrantyMessage })
  .int(warrantyMessage)
  .min(0, warrantyMessage)
  .max(WARRANTY_DAYS_MAX, warrantyMessage)
  .nullish()
  .transform((v) => v ?? null);

/** POST products and PUT products/{id}. */
export const productBody = z.object({
  name: requiredString(200),
  price: catalogPrice,
  warrantyDays,
  /** How it is sold: 'un' for a new product when not said; an edit without it keeps the product's. */
  unit: productUnit.optional(),
});
export type ProductBody = z.infer<typeof productBody>;

export const productResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  unit: z.string(),
  warrantyDays: z.number().int().nullable(),
});
export type Product = z.infer<typeof productResponse>;

export const productListQuery = listQuery;
