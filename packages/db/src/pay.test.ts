import { describe, expect, it } from 'vitest';
import { describePayBasis } from '@ordem-certa/contracts';
import { evenShare, mulDivRound, netOfDiscount, workerPay, type OrderForPay, type RuleInForce } from './pay.ts';

const order = (over: Partial<OrderForPay> = {}): OrderForPay => ({
  servicesCents: 0,
  productsCents: 0,
  discountCents: 0,
  half: false,
  bonusCents: 0,
  workers: 1,
  position: 1,
  ratedServices: [],
  ...over,
});
const rule = (over: Partial<RuleInForce>): RuleInForce => ({
  kind: 'fixed',
  validFrom: '2026-01-01',
  fixedCents: 0,
  servicesBasisPoints: 0,
  productsBasisPoints: 0,
  ...over,
});
const nbsp = (text: string) => text.replaceAll('R$ ', 'R$\u00a0');

describe('pay arithmetic', () => {
  it('rounds half up, exactly, past 2^53', () => {
    expect(mulDivRound(83_545, 1000, 10_000)).toBe(8355); // 8354,5
    expect(mulDivRound(10_225, 500, 10_000)).toBe(511); // 511,25
    expect(mulDivRound(7551, 1, 2)).toBe(3776);
    expect(mulDivRound(9_999_999_999, 100_000_000, 100_000_000)).toBe(9_999_999_999);
  });

  it('shares add up to the total, the leftover cents to the first', () => {
    expect([1, 2, 3].map((p) => evenShare(1001, 3, p))).toEqual([334, 334, 333]);
    expect([1, 2, 3, 4].map((p) => evenShare(35_000, 4, p)).reduce((a, b) => a + b)).toBe(35_000);
  });

  it('the discount in proportion to services and products; nothing when the order has no lines', () => {
    expect(netOfDiscount(88_000, 10_770, 5000)).toEqual({ services: 83_545, products: 10_225 });
    expect(netOfDiscount(10_000, 0, 10_000)).toEqual({ services: 0, products: 0 });
    expect(netOfDiscount(0, 0, 0)).toEqual({ services: 0, products: 0 });
    // A discount above the lines (not allowed by the orders, but never negative here).
    expect(netOfDiscount(100, 100, 500)).toEqual({ services: 0, products: 0 });
  });
});

describe('workerPay', () => {
  it('the initial rule is a fixed amount, halved when the order pays half, plus the bonus share', () => {
    const { valueCents, basis } = workerPay(
      rule({ kind: 'initial', validFrom: null, fixedCents: 7551 }),
      order({ half: true, bonusCents: 1001, workers: 2, position: 2 }),
    );
    expect(valueCents).toBe(3776 + 500);
    expect(describePayBasis(basis)).toEqual(
      [
        'Valor fixo por OS: R$ 75,51',
        'OS paga pela metade: R$ 75,51 → R$ 37,76',
        'Bônus da OS: R$ 5,00 (R$ 10,01 ÷ 2 colaboradores)',
      ].map(nbsp),
    );
  });

  it('a percentage of products only leaves services out of the explanation', () => {
    const { valueCents, basis } = workerPay(
      rule({ kind: 'percentage', productsBasisPoints: 1250 }),
      order({ servicesCents: 50_000, productsCents: 20_000 }),
    );
    expect(valueCents).toBe(2500);
    expect(describePayBasis(basis)).toEqual([nbsp('12,5% de R$ 200,00 em produtos = R$ 25,00')]);
  });

  it('per service: fractional quantities rounded per line; none listed earns nothing and says so', () => {
    const paid = workerPay(
      rule({ kind: 'per_service' }),
      order({ ratedServices: [{ name: 'Carga de gás (kg)', quantityMilli: 1500, rateCents: 3333 }], workers: 2 }),
    );
    // 1,5 × 33,33 = 49,995 → 50,00; ÷ 2 = 25,00.
    expect(paid.valueCents).toBe(2500);
    expect(describePayBasis(paid.basis)).toEqual(
      ['Carga de gás (kg): 1,5 × R$ 33,33 = R$ 50,00', 'R$ 50,00 ÷ 2 colaboradores = R$ 25,00'].map(nbsp),
    );
    const none = workerPay(rule({ kind: 'per_service' }), order({ servicesCents: 10_000 }));
    expect(none.valueCents).toBe(0);
    expect(describePayBasis(none.basis)).toEqual(['Nenhum serviço da regra nesta OS']);
  });

  it('a line from before pay rules explains nothing', () => {
    expect(describePayBasis(null)).toEqual([]);
  });
});
