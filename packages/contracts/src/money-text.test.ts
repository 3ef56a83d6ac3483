import { describe, expect, it } from 'vitest';
import {
  formatMeasureText,
  formatMoneyText,
  measureTextMessages,
  parseMeasureText,
  moneyTextMessages as m,
  parseMoneyText,
  parseQuantityText,
  parseStockText,
} from './money-text.ts';
import { stockMessages } from './stock-rules.ts';
import { quantityMessages as q } from './units.ts';

// What people type or paste into a money field, and what it means: a value in reais, null for an
// empty field, or the message shown under the field.
const money: Array<[typed: string, expected: number | null | string]> = [
  ['', null],
  ['   ', null],
  ['0', 0],
  ['0,5', 0.5],
  [',5', 0.5],
  ['0,99', 0.99],
  ['10', 10],
  ['1850', 1850],
  ['1850,5', 1850.5],
  ['1850,50', 1850.5],
  ['1.850', 1850],
  ['1.850,5', 1850.5],
  ['1.850,50', 1850.5],
  ['1850.5', 1850.5],
  ['1850.50', 1850.5],
  ['1.85', 1.85],
  ['12.345.678,90', 12_345_678.9],
  ['1.000.000', 1_000_000],
  ['99.999.999,99', 99_999_999.99],
  [' 1 850,00 ', 1850],
  ['R$ 10,00', 10],
  ['R$\u00a01.850,50', 1850.5],
  ['r$10', 10],
  ['1,850.50', m.ambiguous],
  ['1,850,000', m.invalid],
  ['1.850.50', m.invalid],
  ['1850.505', m.decimals],
  ['1850,505', m.decimals],
  ['1.850,505', m.decimals],
  ['1.8500', m.decimals],
  ['100.000.000,00', m.max],
  ['abc', m.invalid],
  ['12a', m.invalid],
  ['1.', m.invalid],
  ['.', m.invalid],
  [',', m.invalid],
  ['1 85', m.invalid],
  ['-5', m.negative],
  ['-0,50', m.negative],
  ['5-', m.invalid],
  ['1e3', m.invalid],
  ['US$ 10', m.invalid],
];

describe('parseMoneyText', () => {
  it.each(money)('%j → %j', (typed, expected) => {
    const r = parseMoneyText(typed);
    if (typeof expected === 'string') expect(r).toEqual({ ok: false, message: expected });
    else expect(r).toEqual({ ok: true, value: expected });
  });

  it('formats an amount back the pt-BR way', () => {
    expect(formatMoneyText(1850.5)).toBe('1.850,50');
    expect(formatMoneyText(0.5)).toBe('0,50');
    expect(formatMoneyText(99_999_999.99)).toBe('99.999.999,99');
    expect(formatMoneyText(null)).toBe('');
    expect(formatMoneyText(Number.NaN)).toBe('');
  });

  it('reads back what it formats', () => {
    for (const v of [0, 0.01, 0.1, 1, 12.34, 1850.5, 1_000_000, 99_999_999.99])
      expect(parseMoneyText(formatMoneyText(v))).toEqual({ ok: true, value: v });
  });
});

// Quantities typed for a line of a unit ('kg': fractional; 'un' and services (none): whole numbers).
const quantities: Array<[typed: string, unit: string | null, expected: number | null | string]> = [
  ['1,5', 'kg', 1.5],
  ['0,001', 'kg', 0.001],
  ['2', 'kg', 2],
  ['1.000,25', 'kg', 1000.25],
  ['1.5', 'kg', 1.5],
  ['1.500', 'kg', 'ambiguous'],
  ['0,0005', 'kg', q.decimals],
  ['1,2345', 'kg', q.decimals],
  ['0', 'kg', q.minFraction],
  ['0,000', 'kg', q.minFraction],
  ['100.001', 'kg', 'ambiguous'],
  ['100001', 'kg', q.max],
  ['', 'kg', null],
  ['1,5', 'un', q.whole],
  ['1,5', null, q.whole],
  ['1.5', 'un', q.whole],
  ['15', 'un', 15],
  ['1.500', 'un', 1500],
  ['0', 'un', q.minWhole],
  ['0', null, q.minWhole],
  ['3', null, 3],
  ['-1', 'un', 'negative'],
  ['dois', null, 'invalid'],
];

describe('parseQuantityText', () => {
  it.each(quantities)('%j as %s → %j', (typed, unit, expected) => {
    const r = parseQuantityText(typed, unit);
    const named: Record<string, string> = {
      ambiguous: 'Quantidade ambígua: use vírgula para as casas decimais, como 1,5',
      negative: 'A quantidade não pode ser negativa',
      invalid: 'Quantidade inválida: use números, como 1,5',
    };
    if (typeof expected === 'string') expect(r).toEqual({ ok: false, message: named[expected] ?? expected });
    else expect(r).toEqual({ ok: true, value: expected });
  });

  it('never turns 1,5 into 15', () => {
    for (const unit of ['un', 'pc', null]) expect(parseQuantityText('1,5', unit).ok).toBe(false);
  });
});

describe('parseStockText', () => {
  const movement = { zero: false, negative: true };
  const opening = { zero: true, negative: false };
  it.each<[string, string, { zero: boolean; negative: boolean }, number | null | string]>([
    ['', 'un', movement, null],
    ['5', 'un', movement, 5],
    ['-2', 'un', movement, -2],
    ['− 3', 'un', movement, -3],
    ['1.000', 'un', movement, 1000],
    ['-1,5', 'kg', movement, -1.5],
    ['0,125', 'kg', movement, 0.125],
    ['1,5', 'un', movement, q.whole],
    ['0', 'un', movement, stockMessages.zero],
    ['0', 'un', opening, 0],
    ['-1', 'un', opening, 'A quantidade não pode ser negativa'],
    ['1,2345', 'kg', movement, q.decimals],
    ['1.500', 'kg', movement, 'Quantidade ambígua: use vírgula para as casas decimais, como 1,5'],
    ['abc', 'un', movement, 'Quantidade inválida: use números, como 1,5'],
  ])('%s (%s)', (typed, unit, allow, expected) => {
    const r = parseStockText(typed, unit, allow);
    if (typeof expected === 'string') expect(r).toEqual({ ok: false, message: expected });
    else expect(r).toEqual({ ok: true, value: expected });
  });
});

describe('parseMeasureText', () => {
  const mm = measureTextMessages;
  it.each<[string, number | null | string]>([
    ['', null],
    ['118,5', 118.5],
    ['118.5', 118.5],
    ['1.850,25', 1850.25],
    ['-5,5', -5.5],
    ['0,125', 0.125],
    ['1185', 1185],
    ['1.850', mm.ambiguous],
    ['1,2345', mm.decimals],
    ['118,5 psi', mm.invalid],
    ['1,2,3', mm.invalid],
  ])('%s', (typed, expected) => {
    const r = parseMeasureText(typed);
    if (typeof expected === 'string') expect(r).toEqual({ ok: false, message: expected });
    else expect(r).toEqual({ ok: true, value: expected });
  });

  it('never turns 118,5 into 1185, and shows a value back the way it reads it', () => {
    expect(parseMeasureText('118,5')).toEqual({ ok: true, value: 118.5 });
    expect(formatMeasureText(118.5)).toBe('118,5');
    expect(formatMeasureText(1850.125)).toBe('1850,125');
    expect(formatMeasureText(-5)).toBe('-5');
    expect(parseMeasureText(formatMeasureText(1850.125))).toEqual({ ok: true, value: 1850.125 });
  });
});
