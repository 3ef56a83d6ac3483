import { z } from 'zod';
import { listQuery, requiredString } from './common.ts';

/** POST transaction-natures and PUT transaction-natures/{id}: the name is required, the description optional. */
export const transactionNatureBody = z.object({
  name: requiredString(120),
  description: z.string().trim().max(500, 'Deve ter no máximo 500 caracteres').default(''),
});
export type TransactionNatureBody = z.input<typeof transactionNatureBody>;

export const transactionNatureResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type TransactionNature = z.infer<typeof transactionNatureResponse>;

export const transactionNatureListQuery = listQuery;
