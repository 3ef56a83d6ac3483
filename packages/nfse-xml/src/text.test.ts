import { describe, expect, it } from 'vitest';
import { cleanText, escapeXml, money, percent } from './text.ts';

describe('money', () => {
  it('writes cents with two decimals', () => {
    expect(money(0)).toBe('0.00');
    expect(money(5)).toBe('0.05');
    expect(money(50)).toBe('0.50');
    expect(money(2000)).toBe('20.00');
    expect(money(123456)).toBe('1234.56');
    expect(money(99999999999)).toBe('999999999.99');
  });

  it('rounds a fraction of a cent half away from zero', () => {
    expect(money(1234.5)).toBe('12.35');
    expect(money(1234.49)).toBe('12.34');
    expect(money(0.5)).toBe('0.01');
    expect(money(0.4999)).toBe('0.00');
  });

  it('refuses what is not an amount', () => {
    expect(() => money(Number.NaN)).toThrow(RangeError);
    expect(() => money(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('percent', () => {
  it('writes two decimals, rounding half up on the decimal digits', () => {
    expect(percent(2)).toBe('2.00');
    expect(percent(2.5)).toBe('2.50');
    expect(percent(4.999)).toBe('5.00');
    expect(percent(1.005)).toBe('1.01'); // 1.005 * 100 is 100.49999… in binary floating point
    expect(percent(2.675)).toBe('2.68');
    expect(percent(2.674)).toBe('2.67');
    expect(percent(0.001)).toBe('0.00');
    expect(percent(1e-7)).toBe('0.00');
  });

  it('refuses a negative rate', () => {
    expect(() => percent(-1)).toThrow(RangeError);
  });
});

describe('cleanText', () => {
  it('keeps Portuguese text and trims and joins spaces', () => {
    expect(cleanText('  Açaí   com\tpão  ', 100)).toBe('Açaí com pão');
  });

  it('maps typographic characters and drops what the layout cannot hold', () => {
    expect(cleanText('“Zé” – o ‘mestre’… 😀 €5', 100)).toBe('"Zé" - o \'mestre\'... EUR5');
    expect(cleanText('Łódź Ştefan 東京 Œuvre', 100)).toBe('Lódz Stefan OEuvre');
    expect(cleanText('a\u0000b\u0007c', 100)).toBe('abc');
  });

  it('keeps line breaks only when asked', () => {
    expect(cleanText('linha 1\r\n  linha 2\n\n\n\nlinha 3', 100, { multiline: true })).toBe(
      'linha 1\nlinha 2\n\nlinha 3',
    );
    expect(cleanText('linha 1\nlinha 2', 100)).toBe('linha 1 linha 2');
  });

  it('cuts to the maximum without a trailing space, and gives null for nothing', () => {
    expect(cleanText('abc def', 4)).toBe('abc');
    expect(cleanText('x'.repeat(3000), 2000)).toHaveLength(2000);
    expect(cleanText('   ', 10)).toBeNull();
    expect(cleanText('😀', 10)).toBeNull();
    expect(cleanText(null, 10)).toBeNull();
  });
});

describe('escapeXml', () => {
  it('escapes the five special characters', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
  });
});
