import { z } from 'zod';

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
};

/** A product line's own fields; the unit ('un', 'kg'…) says whether the quantity takes decimals. */
export const productLineFields = {
  id: z.number().int(),
  productId: z.number().int().nullable(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
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
