import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, fromCents, lazyNumberFormat, toCents } from './format.ts';
import { listQuery, money, quantity } from './common.ts';
import { countingIntl } from './testing.ts';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('pt-BR formatting', () => {
  it('formats money as R$ with 2 decimals and pt-BR separators', () => {
    expect(nbsp(formatMoney(1234.56))).toBe('R$ 1.234,56');
    expect(nbsp(formatMoney(0))).toBe('R$ 0,00');
    expect(nbsp(formatMoney(null))).toBe('R$ 0,00');
  });
  it('formats dates in America/Sao_Paulo', () => {
    // 02:30 UTC is still the previous day in São Paulo (UTC-3).
    expect(formatDate('2026-03-10T02:30:00Z')).toBe('09/03/2026');
    expect(formatDateTime('2026-03-10T15:05:00Z')).toBe('10/03/2026, 12:05');
    expect(formatDate(null)).toBe('');
  });
  it('converts reais and cents without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.56)).toBe(123456);
    expect(fromCents(123456)).toBe(1234.56);
  });
});

describe('formatters made when first used', () => {
  it('a number formatter is made at its first use, once', async () => {
    await countingIntl('NumberFormat', (made) => {
      const percent = lazyNumberFormat({ style: 'percent' });
      expect(made()).toBe(0);
      expect(percent().format(0.5)).toBe('50%');
      expect(percent().format(0.25)).toBe('25%');
      expect(made()).toBe(1);
    });
  });

  it('the same date formatter serves every date of a zone', async () => {
    await countingIntl('DateTimeFormat', (made) => {
      expect(formatDate('2026-03-01T12:00:00Z', 'America/Noronha')).toBe('01/03/2026');
      expect(formatDate('2026-03-02T12:00:00Z', 'America/Noronha')).toBe('02/03/2026');
      expect(made()).toBe(1);
    });
  });
});

describe('shared schemas', () => {
  it('listQuery defaults to skip 0, take 25 and caps take', () => {
    expect(listQuery.parse({})).toEqual({ skip: 0, take: 25 });
    expect(listQuery.safeParse({ take: '1000' }).success).toBe(false);
    expect(listQuery.parse({ skip: '50', take: '10', q: ' joão ' })).toEqual({ skip: 50, take: 10, q: 'joão' });
  });
  it('money accepts 2 decimals at most and the minimum', () => {
    const price = money({ min: 0.01 });
    expect(price.safeParse(0.01).success).toBe(true);
    expect(price.safeParse(0).success).toBe(false);
    expect(price.safeParse(0.001).success).toBe(false);
    expect(price.safeParse(19.99).success).toBe(true);
    expect(price.safeParse(100_000_000).success).toBe(false);
  });
  it('quantity is an integer of at least 1', () => {
    expect(quantity.safeParse(1).success).toBe(true);
    expect(quantity.safeParse(0).success).toBe(false);
    expect(quantity.safeParse(1.5).success).toBe(false);
  });
});
