import { describe, expect, it, vi } from 'vitest';
import {
  formatQuantity,
  formatQuantityUnit,
  isFractionalUnit,
  lineTotalCents,
  quantityMessages as q,
  quantityProblem,
} from './units.ts';
import { anyQuantity, wholeQuantity } from './unit-schemas.ts';
import { countingIntl } from './testing.ts';

describe('quantities by unit', () => {
  it('fractional units take up to 3 decimals from 0,001', () => {
    expect(isFractionalUnit('kg')).toBe(true);
    expect(isFractionalUnit('un')).toBe(false);
    expect(isFractionalUnit(null)).toBe(false);
    expect(quantityProblem(1.5, 'kg')).toBeUndefined();
    expect(quantityProblem(0.001, 'm')).toBeUndefined();
    expect(quantityProblem(0.0005, 'kg')).toBe(q.decimals);
    expect(quantityProblem(1.0001, 'l')).toBe(q.decimals);
    expect(quantityProblem(0, 'kg')).toBe(q.minFraction);
    expect(quantityProblem(100_000.5, 'kg')).toBe(q.max);
  });
  it('whole units and services take whole numbers from 1', () => {
    expect(quantityProblem(1.5, 'un')).toBe(q.whole);
    expect(quantityProblem(1.5, undefined)).toBe(q.whole);
    expect(quantityProblem(0, 'un')).toBe(q.minWhole);
    expect(quantityProblem(-1, undefined)).toBe(q.minWhole);
    expect(quantityProblem(3, 'cx')).toBeUndefined();
    expect(quantityProblem(Number.NaN, 'un')).toBe(q.required);
  });
  it('body schemas refuse with the message of the rule', () => {
    expect(anyQuantity.safeParse(1.5).success).toBe(true);
    expect(anyQuantity.safeParse(0).success).toBe(true); // the minimum is the unit's, said by the server
    expect(anyQuantity.safeParse(1.2345).error?.issues[0]?.message).toBe(q.decimals);
    expect(anyQuantity.safeParse('1,5').error?.issues[0]?.message).toBe(q.required);
    expect(wholeQuantity.safeParse(1.5).error?.issues[0]?.message).toBe(q.whole);
    expect(wholeQuantity.safeParse(0).error?.issues[0]?.message).toBe(q.minWhole);
    expect(wholeQuantity.safeParse(2).success).toBe(true);
  });
});

describe('line totals', () => {
  it('round each line to the cent, half up', () => {
    expect(lineTotalCents(1.5, 7950)).toBe(11925);
    expect(lineTotalCents(0.001, 100)).toBe(0); // 0,1 centavo
    expect(lineTotalCents(0.005, 100)).toBe(1); // 0,5 centavo rounds up
    expect(lineTotalCents(1.005, 1)).toBe(1);
    expect(lineTotalCents(2.333, 999)).toBe(2331); // 2.333 × 9,99 = 23,30667
    expect(lineTotalCents(3, 12345)).toBe(37035);
    expect(lineTotalCents(100_000, 9_999_999_999)).toBe(999_999_999_900_000);
  });
  it('formats quantities the pt-BR way, with the unit', () => {
    expect(formatQuantity(1.5)).toBe('1,5');
    expect(formatQuantity(1000)).toBe('1.000');
    expect(formatQuantity(0.001)).toBe('0,001');
    expect(formatQuantityUnit(1.5, 'kg')).toBe('1,5 kg');
    expect(formatQuantityUnit(2, 'm2')).toBe('2 m²');
    expect(formatQuantityUnit(2)).toBe('2');
  });
});

describe('formatQuantity without the formatter', () => {
  it('writes a whole quantity from 0 to 999 as pt-BR does, making no formatter; others still through it', async () => {
    vi.resetModules();
    const ptBR = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
    await countingIntl('NumberFormat', async (made) => {
      const fresh = await import('./units.ts');
      for (const v of [0, 1, 7, 42, 999]) expect(fresh.formatQuantity(v)).toBe(ptBR.format(v));
      expect(fresh.formatQuantityUnit(2, 'un')).toBe('2 un');
      expect(made()).toBe(0);
      expect(fresh.formatQuantity(1000)).toBe('1.000');
      expect(fresh.formatQuantity(1.5)).toBe('1,5');
      expect(fresh.formatQuantity(-2)).toBe(ptBR.format(-2));
      expect(made()).toBe(1);
    });
  });
});
