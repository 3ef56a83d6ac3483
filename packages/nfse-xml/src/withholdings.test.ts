import { describe, expect, it } from 'vitest';
import {
  percentOfCents,
  pisCofinsRetentionCode,
  withheldAmounts,
  WithholdingError,
  withholdsAnything,
} from './withholdings.ts';

describe('percentOfCents', () => {
  it('rounds half up to the cent with integer arithmetic', () => {
    // 2,9 % of R$ 5,00 is 14.5 cents: 15. In floating point 500 × 0.029 is 14.499999999999998.
    expect(500 * (2.9 / 100)).toBeLessThan(14.5);
    expect(percentOfCents(500, 2.9)).toBe(15);
    expect(percentOfCents(1_000, 0.05)).toBe(1); // 0.5 cent
    expect(percentOfCents(999, 0.05)).toBe(0); // 0.4995 cent
    expect(percentOfCents(123_457, 0.65)).toBe(802); // 802.4705 cents
    expect(percentOfCents(33_333, 1.5)).toBe(500); // 499.995 cents
    expect(percentOfCents(0, 11)).toBe(0);
    expect(percentOfCents(99_999_999_999_999, 100)).toBe(99_999_999_999_999);
  });

  it('refuses a rate with more than two decimals, negative or above 100 %, and cents that are not whole', () => {
    expect(() => percentOfCents(100, 1.005)).toThrow(WithholdingError);
    expect(() => percentOfCents(100, -1)).toThrow(/0 to 100/);
    expect(() => percentOfCents(100, 100.01)).toThrow(/0 to 100/);
    expect(() => percentOfCents(100.5, 1)).toThrow(/cents/);
  });
});

describe('withheldAmounts', () => {
  it('a company taker retaining ISS, PIS, COFINS, CSLL, IRRF and CP from R$ 1.000,00', () => {
    const a = withheldAmounts({
      serviceCents: 100_000,
      issRate: 2,
      withholdings: { iss: true, pis: 0.65, cofins: 3, csll: 1, irrf: 1.5, cp: 11 },
    });
    expect(a).toEqual({
      baseCents: 100_000,
      issCents: 2_000,
      pisCents: 650,
      cofinsCents: 3_000,
      csllCents: 1_000,
      irrfCents: 1_500,
      cpCents: 11_000,
      federalCents: 17_150,
      totalCents: 19_150,
      netCents: 80_850,
    });
  });

  it('rates apply to the value less the unconditional discount; each tax is rounded on its own', () => {
    // R$ 1.234,56 less R$ 34,55: base R$ 1.200,01.
    const a = withheldAmounts({
      serviceCents: 123_456,
      unconditionalDiscountCents: 3_455,
      issRate: 2.5,
      withholdings: { iss: true, pis: 0.65, cofins: 3, csll: 1 },
    });
    expect(a.baseCents).toBe(120_001);
    expect(a.issCents).toBe(3_000); // 3000.025
    expect(a.pisCents).toBe(780); // 780.0065
    expect(a.cofinsCents).toBe(3_600); // 3600.03
    expect(a.csllCents).toBe(1_200); // 1200.01
    // 4,65 % taken at once would be 5580.0465 → 5580: the same here, but the sum of the parts is what is withheld.
    expect(a.federalCents).toBe(5_580);
    expect(a.netCents).toBe(123_456 - 3_455 - 3_000 - 5_580);
  });

  it('the sum of rounded parts can differ from the rounded sum: the parts are what the NFS-e shows', () => {
    // R$ 100,11 at 0,65 % + 3 % + 1 %: 65.0715 + 300.33 + 100.11 cents → 65 + 300 + 100 = 465, where
    // 4,65 % at once would be 465.5115 → 466.
    const a = withheldAmounts({ serviceCents: 10_011, withholdings: { pis: 0.65, cofins: 3, csll: 1 } });
    expect([a.pisCents, a.cofinsCents, a.csllCents]).toEqual([65, 300, 100]);
    expect(percentOfCents(10_011, 4.65)).toBe(466);
    expect(a.federalCents).toBe(465);
    expect(a.netCents).toBe(10_011 - 465);
  });

  it('a conditional discount lowers what is received, not the base', () => {
    const a = withheldAmounts({
      serviceCents: 10_000,
      conditionalDiscountCents: 1_000,
      issRate: 5,
      withholdings: { iss: true },
    });
    expect(a.issCents).toBe(500);
    expect(a.netCents).toBe(8_500);
  });

  it('nothing withheld: the net is the value less the discount', () => {
    const a = withheldAmounts({ serviceCents: 25_000, unconditionalDiscountCents: 1_050 });
    expect(a).toMatchObject({ totalCents: 0, issCents: 0, netCents: 23_950 });
    expect(withholdsAnything(null)).toBe(false);
    expect(withholdsAnything({ iss: false, pis: 0 })).toBe(false);
    expect(withholdsAnything({ irrf: 1.5 })).toBe(true);
    expect(withholdsAnything({ iss: true })).toBe(true);
  });

  it('the ISS withheld needs its rate; discounts or withholdings above the value are refused', () => {
    expect(() => withheldAmounts({ serviceCents: 100, withholdings: { iss: true } })).toThrow(/ISS rate/);
    expect(() => withheldAmounts({ serviceCents: 100, unconditionalDiscountCents: 101 })).toThrow(/discounts/);
    expect(() => withheldAmounts({ serviceCents: 100, withholdings: { cp: 60, irrf: 50 } })).toThrow(
      /more than the value/,
    );
  });
});

describe('pisCofinsRetentionCode', () => {
  it('names which of PIS, COFINS and CSLL are retained with the codes of layout 1.01', () => {
    expect(pisCofinsRetentionCode(true, true, true)).toBe('3');
    expect(pisCofinsRetentionCode(true, true, false)).toBe('4');
    expect(pisCofinsRetentionCode(true, false, false)).toBe('5');
    expect(pisCofinsRetentionCode(false, true, false)).toBe('6');
    expect(pisCofinsRetentionCode(false, true, true)).toBe('7');
    expect(pisCofinsRetentionCode(false, false, true)).toBe('8');
    expect(pisCofinsRetentionCode(true, false, true)).toBe('9');
    expect(pisCofinsRetentionCode(false, false, false)).toBe('0');
  });
});
