import { z } from 'zod';
import { messages } from './messages.ts';

export const DEFAULT_TAKE = 25;
export const MAX_TAKE = 100;

/** Query every list accepts: q, skip, take (spec §9: take 25, skip 0). */
export const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(MAX_TAKE).default(DEFAULT_TAKE),
});
export type ListQuery = z.infer<typeof listQuery>;

export const listMeta = z.object({ total: z.number().int(), skip: z.number().int(), take: z.number().int() });
export type ListMeta = z.infer<typeof listMeta>;

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMeta });
}
export interface ListResult<T> {
  data: T[];
  meta: ListMeta;
}

export const idParam = z.object({ id: z.coerce.number().int().positive() });
export const orgParam = z.object({ orgId: z.coerce.number().int().positive() });

export const createdResponse = z.object({ id: z.number().int() }).loose();

/** A required trimmed string with the pt-BR "required" message. */
export const requiredString = (max = 255) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, `Deve ter no máximo ${max} caracteres`);

export const errorBody = z.object({
  errors: z.union([z.array(z.string()), z.record(z.string(), z.array(z.string()))]),
});

/** Money in JSON: reais with at most 2 decimals (DECISIONS.md); at most 10 digits of cents (spec §9). */
export const money = (opts: { min?: number; minMessage?: string } = {}) =>
  z
    .number({ error: 'Informe um valor' })
    .min(opts.min ?? 0, opts.minMessage ?? `O valor deve ser no mínimo ${opts.min ?? 0}`)
    .max(99_999_999.99, 'Valor acima do permitido')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use no máximo 2 casas decimais');

/** Quantities on order and estimate lines: integer, minimum 1 (spec §9). */
export const quantity = z
  .number({ error: 'Informe a quantidade' })
  .int('A quantidade deve ser um número inteiro')
  .min(1, 'A quantidade mínima é 1')
  .max(100_000, 'Quantidade acima do permitido');
