import { lazyNumberFormat } from './format.ts';

/**
 * How a product is sold. Quantities of the fractional units (weights, lengths, areas, volumes,
 * hours) take up to 3 decimals; the others, and every service, are counted in whole numbers.
 * Codes are stored; labels are what screens and PDFs print next to the quantity.
 */
export const PRODUCT_UNITS = ['un', 'pc', 'cx', 'kg', 'g', 'm', 'm2', 'm3', 'l', 'ml', 'h'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];
export const DEFAULT_UNIT: ProductUnit = 'un';

export const FRACTIONAL_UNITS: readonly ProductUnit[] = ['kg', 'm', 'm2', 'm3', 'l', 'h'];

export const unitLabels: Record<ProductUnit, string> = {
  un: 'un',
  pc: 'pç',
  cx: 'cx',
  kg: 'kg',
  g: 'g',
  m: 'm',
  m2: 'm²',
  m3: 'm³',
  l: 'l',
  ml: 'ml',
  h: 'h',
};

/** The options of the product form's unit select. */
export const unitNames: Record<ProductUnit, string> = {
  un: 'Unidade (un)',
  pc: 'Peça (pç)',
  cx: 'Caixa (cx)',
  kg: 'Quilograma (kg)',
  g: 'Grama (g)',
  m: 'Metro (m)',
  m2: 'Metro quadrado (m²)',
  m3: 'Metro cúbico (m³)',
  l: 'Litro (l)',
  ml: 'Mililitro (ml)',
  h: 'Hora (h)',
};

export const isProductUnit = (v: unknown): v is ProductUnit =>
  typeof v === 'string' && (PRODUCT_UNITS as readonly string[]).includes(v);
/** An unknown unit (none: a service) counts in whole numbers. */
export const isFractionalUnit = (unit: string | null | undefined) =>
  !!unit && (FRACTIONAL_UNITS as readonly string[]).includes(unit);
export const unitLabel = (unit: string | null | undefined) => (isProductUnit(unit) ? unitLabels[unit] : (unit ?? ''));

export const QUANTITY_MAX = 100_000;
export const QUANTITY_DECIMALS = 3;

export const quantityMessages = {
  required: 'Informe a quantidade',
  whole: 'A quantidade deve ser um número inteiro',
  minWhole: 'A quantidade mínima é 1',
  minFraction: 'A quantidade mínima é 0,001',
  decimals: 'Use no máximo 3 casas decimais',
  max: 'Quantidade acima do permitido',
} as const;

const thousandths = (v: number) => Math.round(v * 1000);
const hasAtMostDecimals = (v: number, places: number) =>
  Math.abs(Math.round(v * 10 ** places) - v * 10 ** places) < 1e-6;

/**
 * Why a quantity cannot be taken on a line of this unit (undefined when it can): whole numbers from 1
 * for services and whole units, up to 3 decimals from 0,001 for fractional ones. A value is refused,
 * never rounded or reread.
 */
export function quantityProblem(value: number, unit: string | null | undefined): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return quantityMessages.required;
  if (value > QUANTITY_MAX) return quantityMessages.max;
  if (isFractionalUnit(unit)) {
    if (!hasAtMostDecimals(value, QUANTITY_DECIMALS)) return quantityMessages.decimals;
    if (thousandths(value) < 1) return quantityMessages.minFraction;
    return undefined;
  }
  if (!Number.isInteger(value)) return quantityMessages.whole;
  if (value < 1) return quantityMessages.minWhole;
  return undefined;
}

/**
 * A line's total in cents: quantity × unit price, rounded to the cent on each line (half up), so the
 * subtotal is the sum of what each line shows. Exact in integers: quantities have at most 3 decimals.
 */
export function lineTotalCents(quantity: number, priceCents: number): number {
  const n = BigInt(thousandths(quantity)) * BigInt(Math.round(priceCents));
  const sign = n < 0n ? -1n : 1n;
  const abs = n * sign;
  return Number(((abs + 500n) / 1000n) * sign);
}

const quantityFormat = lazyNumberFormat({ maximumFractionDigits: QUANTITY_DECIMALS });
/**
 * '1,5', '1.000', '0,001': a quantity the pt-BR way. A whole number from 0 to 999 reads the same in any
 * locale and is written without the formatter: the first pt-BR formatter loads the locale's data (~10 ms
 * of a phone's time, ~45 at 4x CPU), and most lines of an order are such quantities.
 */
export const formatQuantity = (value: number | null | undefined) => {
  const v = value ?? 0;
  return Number.isInteger(v) && v >= 0 && v < 1000 ? String(v) : quantityFormat().format(v);
};
/** '1,5 kg', '2 un': the quantity with its unit's label when there is one. */
export const formatQuantityUnit = (value: number, unit?: string | null) =>
  unit ? `${formatQuantity(value)} ${unitLabel(unit)}` : formatQuantity(value);
