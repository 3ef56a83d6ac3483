import { z } from 'zod';
import { listResponse } from './common.ts';
import { catalogPrice } from './products.ts';
import { anyQuantity } from './unit-schemas.ts';

// The pieces estimates and service orders share in their payloads, composed per kind in
// estimates.ts and invoices.ts.

/** A tag on a record, as lists and details show it. */
export const recordTag = z.object({ tagId: z.number().int(), name: z.string(), color: z.string() });

/** A record's head in lists and details: its id, number, creation, company, customer and nature. */
export const recordHeadFields = {
  id: z.number().int(),
  number: z.number().int(),
  createdAt: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  companyIdentifier: z.string(),
  companyType: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  customerIdentifier: z.string(),
  customerType: z.number().int(),
  transactionNatureName: z.string(),
};

/** A service line's own fields (copied from the catalogue); each kind adds its price and extras. */
export const serviceLineFields = {
  id: z.number().int(),
  serviceId: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.number(),
  /** The warranty in days copied from the catalogue (null: none). */
  warrantyDays: z.number().int().nullable(),
};

/** A product line's own fields; the unit ('un', 'kg'…) says whether the quantity takes decimals. */
export const productLineFields = {
  id: z.number().int(),
  productId: z.number().int().nullable(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  /** The warranty in days copied from the catalogue (null: none). */
  warrantyDays: z.number().int().nullable(),
};

/** A customer's equipment as copied onto a record. */
export const equipmentLineFields = {
  id: z.number().int(),
  equipmentId: z.number().int().nullable(),
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  serialNumber: z.string(),
};

const lineDescription = z.string().trim().max(1000, 'Deve ter no máximo 1000 caracteres').nullish();
const somethingToChange = (b: object) => Object.values(b).some((v) => v !== undefined);
export const lineChangeMessages = { nothing: 'Informe a quantidade, o preço ou a descrição a alterar' } as const;

/**
 * PATCH invoices|estimates/{id}/services/{lineId}: what an admin changes on a line in place. The
 * price is the line's (a negotiated price), never the catalogue's; the quantity follows the line's
 * unit (services: whole numbers), checked by the server.
 */
export const editServiceLineBody = z
  .object({ quantity: anyQuantity.optional(), price: catalogPrice.optional(), description: lineDescription })
  .refine(somethingToChange, { message: lineChangeMessages.nothing, path: ['quantity'] });
export type EditServiceLineBody = z.infer<typeof editServiceLineBody>;
/** PATCH invoices|estimates/{id}/products/{lineId}: product lines have no description. */
export const editProductLineBody = z
  .object({ quantity: anyQuantity.optional(), price: catalogPrice.optional() })
  .refine(somethingToChange, { message: lineChangeMessages.nothing, path: ['quantity'] });
export type EditProductLineBody = z.infer<typeof editProductLineBody>;

/** Options for the line pickers: GET invoices/{id}/services/available, equipments/available, workers/available. */
export const availableOption = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().optional(),
  hint: z.string().optional(),
  /** Products: the unit, so the quantity field knows whether it takes decimals. */
  unit: z.string().optional(),
});
export const availableResponse = listResponse(availableOption);
