import { isFractionalUnit, QUANTITY_DECIMALS, QUANTITY_MAX, quantityMessages } from './units.ts';

// Stock figures: the texts and the rule by unit, without zod (the schemas are in products.ts), so the
// money and quantity fields read typed stock figures without loading the validation library.

export const stockMessages = {
  zero: 'A quantidade não pode ser zero',
  openingNegative: 'O estoque inicial não pode ser negativo',
  minNegative: 'O estoque mínimo não pode ser negativo',
  changedByMovements: 'O estoque muda só por movimentações (Movimentar estoque)',
  unitCostOnExit: 'Informe o custo só em entradas',
  costMin: 'O custo deve ser de no mínimo R$ 0,01',
  skuAndCode: 'O SKU é o próprio código: informe um só deles',
  wholeUnitWithDecimals: 'O estoque deste produto tem casas decimais: escolha uma unidade que as aceite',
} as const;
/**
 * Why a stock figure cannot be taken for a product of this unit (undefined when it can): whole numbers
 * for the whole units, up to 3 decimals for the fractional ones (the order lines' rule), zero and
 * negative only where the caller allows them. Refused, never rounded.
 */
export function stockQuantityProblem(
  value: number,
  unit: string | null | undefined,
  allow: { zero: boolean; negative: boolean },
): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return quantityMessages.required;
  if (Math.abs(value) > QUANTITY_MAX) return quantityMessages.max;
  const scaled = value * 10 ** QUANTITY_DECIMALS;
  if (Math.abs(Math.round(scaled) - scaled) > 1e-6) return quantityMessages.decimals;
  if (!isFractionalUnit(unit) && !Number.isInteger(value)) return quantityMessages.whole;
  if (value === 0 && !allow.zero) return stockMessages.zero;
  if (value < 0 && !allow.negative) return stockMessages.openingNegative;
  return undefined;
}
