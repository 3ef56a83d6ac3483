import { z } from 'zod';
import { PRODUCT_UNITS, quantityMessages, quantityProblem } from './units.ts';

// The schemas of units and quantities; the rules they apply live in units.ts, which has no zod so the
// order screen can show and check quantities without the validation library.

export const productUnit = z.enum(PRODUCT_UNITS, { error: 'Selecione uma unidade da lista' });

/**
 * A quantity in a body before the line's unit is known (products, line edits): a number within the
 * bounds of every unit. The service then applies `quantityProblem` with the line's unit, so the
 * minimum and the whole-number rule are said the way that unit needs.
 */
export const anyQuantity = z.number({ error: quantityMessages.required }).superRefine((v, ctx) => {
  const problem = quantityProblem(v, 'kg');
  if (problem === quantityMessages.decimals || problem === quantityMessages.max)
    ctx.addIssue({ code: 'custom', message: problem });
});

/** A quantity of a whole-number line (services): integer from 1. */
export const wholeQuantity = z.number({ error: quantityMessages.required }).superRefine((v, ctx) => {
  const problem = quantityProblem(v, undefined);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
