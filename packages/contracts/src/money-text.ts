import { MONEY_MAX } from './limits.ts';
import { lazyNumberFormat } from './format.ts';
import { isFractionalUnit, QUANTITY_DECIMALS, quantityMessages, quantityProblem } from './units.ts';
import { stockQuantityProblem } from './stock-rules.ts';

/**
 * Reading what people type or paste into money and quantity fields, the pt-BR way: '.' groups
 * thousands and ',' is the decimal separator. A lone '.' followed by one or two digits ('1850.5',
 * '1850.50', pasted from a bank statement or a spreadsheet) can only be a decimal point. Anything
 * that could be read two ways ('1,850.50') or not at all is refused with a message: a value is never
 * guessed, and never reread as another number ('1,5' is never 15).
 */
export type TextReading = { ok: true; value: number | null } | { ok: false; message: string };

export const moneyTextMessages = {
  invalid: 'Valor inválido: use números, como 1.850,50',
  ambiguous: 'Valor ambíguo: use ponto para milhares e vírgula para centavos, como 1.850,50',
  decimals: 'Use no máximo 2 casas decimais',
  negative: 'O valor não pode ser negativo',
  max: 'Valor acima do permitido',
} as const;

export const quantityTextMessages = {
  invalid: 'Quantidade inválida: use números, como 1,5',
  ambiguous: 'Quantidade ambígua: use vírgula para as casas decimais, como 1,5',
  negative: 'A quantidade não pode ser negativa',
} as const;

interface Grammar {
  /** Decimal places a value may have. */
  decimals: number;
  /** What '1.850' is: thousands (money: 1850) or ambiguous (a quantity of 3 decimals, 1,85 or 1850). */
  dotThenThree: 'thousands' | 'ambiguous';
  messages: { invalid: string; ambiguous: string; decimals: string; negative: string };
}

const GROUPED = /^\d{1,3}(\.\d{3})+$/;
const DIGITS = /^\d+$/;

type Parts = { ok: true; int: string; dec: string } | { ok: false; message: string };

/** Splits a trimmed text of digits, '.' and ',' into its integer digits and decimal digits. */
function split(s: string, g: Grammar): Parts {
  const m = g.messages;
  const commas = s.split(',').length - 1;
  const dots = s.split('.').length - 1;
  if (commas > 1) return { ok: false, message: dots ? m.ambiguous : m.invalid };
  if (commas === 1) {
    const [int = '', dec = ''] = s.split(',');
    if (int.includes('.') && !GROUPED.test(int)) {
      // '1,850.50' and '1.85,0': the '.' after or among the ',' marks could be either way.
      return { ok: false, message: s.lastIndexOf('.') > s.indexOf(',') ? m.ambiguous : m.invalid };
    }
    if (dec.includes('.')) return { ok: false, message: m.ambiguous };
    if ((int && !DIGITS.test(int.replaceAll('.', ''))) || (dec && !DIGITS.test(dec)) || (!int && !dec))
      return { ok: false, message: m.invalid };
    return { ok: true, int: int.replaceAll('.', ''), dec };
  }
  if (dots === 0) return DIGITS.test(s) ? { ok: true, int: s, dec: '' } : { ok: false, message: m.invalid };
  if (dots === 1) {
    const [int = '', dec = ''] = s.split('.');
    if (!DIGITS.test(int) || !DIGITS.test(dec)) return { ok: false, message: m.invalid };
    if (dec.length <= 2) return { ok: true, int, dec };
    if (dec.length === 3 && int.length <= 3) {
      return g.dotThenThree === 'thousands'
        ? { ok: true, int: int + dec, dec: '' }
        : { ok: false, message: m.ambiguous };
    }
    // '1850.505': not a thousands group (4 digits before it), so a decimal point with too many places.
    return { ok: false, message: dec.length === 3 && g.decimals >= 3 ? m.ambiguous : m.decimals };
  }
  return GROUPED.test(s) ? { ok: true, int: s.replaceAll('.', ''), dec: '' } : { ok: false, message: m.invalid };
}

function read(text: string, g: Grammar, strip: RegExp | null): TextReading {
  let s = text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  if (strip) s = s.replace(strip, '').trim();
  if (s === '') return { ok: true, value: null };
  if (/^[-−]/.test(s)) return { ok: false, message: g.messages.negative };
  // Spaces only ever group digits (' 1 850,00 ').
  if (/\d \d/.test(s)) s = s.replace(/(?<=\d) (?=\d{3}\b)/g, '');
  if (!/^[\d.,]+$/.test(s)) return { ok: false, message: g.messages.invalid };
  const parts = split(s, g);
  if (!parts.ok) return parts;
  if (parts.dec.length > g.decimals) return { ok: false, message: g.messages.decimals };
  const value = Number(`${parts.int || '0'}.${parts.dec || '0'}`);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, message: g.messages.invalid };
}

const money: Grammar = { decimals: 2, dotThenThree: 'thousands', messages: moneyTextMessages };

/** An amount of reais typed or pasted: '1.850,50', '1850,5', '1850.50', 'R$ 10,00'; '' is null. */
export function parseMoneyText(text: string): TextReading {
  const r = read(text, money, /^R\$/i);
  if (r.ok && r.value !== null && r.value > MONEY_MAX) return { ok: false, message: moneyTextMessages.max };
  return r;
}

const moneyFormat = lazyNumberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** '1.850,50': an amount as the money field shows it (without 'R$', which the field prints beside it). */
export const formatMoneyText = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? '' : moneyFormat().format(value);

/**
 * A quantity typed for a line of this unit (none: a service): '1,5' or '0,001' for fractional units;
 * whole numbers otherwise, where '1,5' is refused (never 15); '' is null.
 */
export function parseQuantityText(text: string, unit?: string | null): TextReading {
  const fractional = isFractionalUnit(unit);
  const r = read(
    text,
    {
      // Whole-number lines still read the decimals, to refuse them with the right message.
      decimals: QUANTITY_DECIMALS,
      dotThenThree: fractional ? 'ambiguous' : 'thousands',
      messages: { ...quantityTextMessages, decimals: quantityMessages.decimals },
    },
    null,
  );
  if (!r.ok || r.value === null) return r;
  const problem = quantityProblem(r.value, unit);
  return problem ? { ok: false, message: problem } : r;
}

/**
 * A stock figure typed for a product of this unit: read like a line's quantity ('1,5' only where the
 * unit is fractional), but '-2' takes out where negatives are allowed (a movement), and 0 passes where
 * the caller allows it (an opening count, a minimum); '' is null.
 */
export function parseStockText(
  text: string,
  unit: string | null | undefined,
  allow: { zero: boolean; negative: boolean },
): TextReading {
  const trimmed = text.trim();
  const negative = /^[-−]/.test(trimmed);
  if (negative && !allow.negative) return { ok: false, message: quantityTextMessages.negative };
  const r = read(
    negative ? trimmed.replace(/^[-−]\s*/, '') : trimmed,
    {
      decimals: QUANTITY_DECIMALS,
      dotThenThree: isFractionalUnit(unit) ? 'ambiguous' : 'thousands',
      messages: { ...quantityTextMessages, decimals: quantityMessages.decimals },
    },
    null,
  );
  if (!r.ok || r.value === null) return r;
  const value = negative ? -r.value : r.value;
  const problem = stockQuantityProblem(value, unit, allow);
  return problem ? { ok: false, message: problem } : { ok: true, value };
}

export const measureTextMessages = {
  invalid: 'Número inválido: use vírgula para as casas decimais, como 118,5',
  ambiguous: 'Número ambíguo: use vírgula para as casas decimais, como 118,5 (e ponto só para milhares, como 1.850)',
  decimals: 'Use no máximo 3 casas decimais',
} as const;

const measure: Grammar = {
  decimals: 3,
  // '1.850' could be 1,85 or 1850: refused, never guessed.
  dotThenThree: 'ambiguous',
  messages: { ...measureTextMessages, negative: measureTextMessages.invalid },
};

/**
 * A measurement typed as a checklist answer (a pressure, a temperature, a current): read the pt-BR way
 * like money ('118,5', '1.850,25'), up to 3 decimals, and negative where a reading is ('-5,5 °C' at an
 * evaporator); a unit typed after it is refused rather than dropped. '' is null.
 */
export function parseMeasureText(text: string): TextReading {
  const trimmed = text.trim();
  const negative = /^[-−]/.test(trimmed);
  const r = read(negative ? trimmed.replace(/^[-−]\s*/, '') : trimmed, measure, null);
  if (!r.ok || r.value === null || !negative) return r;
  return { ok: true, value: -r.value };
}

const measureFormat = lazyNumberFormat({ maximumFractionDigits: 3, useGrouping: false });
/** '118,5': a measurement as its field shows it. */
export const formatMeasureText = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? '' : measureFormat().format(value);
