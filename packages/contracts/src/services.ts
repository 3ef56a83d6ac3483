import { z } from 'zod';
import { listQuery, requiredString } from './common.ts';
import { catalogCode, catalogPrice, warrantyDays } from './products.ts';
import { nfseServiceCode } from './nfse.ts';

/** POST services and PUT services/{id}. */
export const serviceBody = z.object({
  name: requiredString(200),
  code: catalogCode,
  price: catalogPrice,
  warrantyDays,
  /** cTribNac of its NFS-e (6 digits); empty or absent: the company's default. */
  serviceCode: nfseServiceCode.nullish().transform((v) => (v === undefined ? undefined : v || null)),
});
export type ServiceBody = z.infer<typeof serviceBody>;

export const serviceResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  /** Left out for a reader without `price.see`. */
  price: z.number().optional(),
  warrantyDays: z.number().int().nullable(),
  serviceCode: z.string().nullable(),
  /** Set when the service was deleted: it stays for the lines that used it, out of the pickers. */
  archivedAt: z.string().nullable(),
});
export type Service = z.infer<typeof serviceResponse>;

/** GET services: q, skip, take; archived (deleted) services only with includeArchived=true. */
export const serviceListQuery = listQuery.extend({ includeArchived: z.stringbool().default(false) });
export type ServiceListQuery = z.infer<typeof serviceListQuery>;
