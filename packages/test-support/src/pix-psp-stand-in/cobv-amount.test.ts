import { describe, expect, it } from 'vitest';
import { cobvAmountOn, paymentDay } from './cobv-amount.ts';

// What the stand-in PSP asks of a charge with a due date on the day it is paid, by CobVValor's rules.
const charge = (valor: Record<string, unknown>, validadeAposVencimento = 30) => ({
  calendario: { dataDeVencimento: '2031-03-10', validadeAposVencimento },
  valor: { original: '500.00', ...valor },
});
const rules = {
  multa: { modalidade: 2, valorPerc: '2.00' },
  juros: { modalidade: 3, valorPerc: '1.00' },
  desconto: {
    modalidade: 2,
    descontoDataFixa: [
      { data: '2031-03-01', valorPerc: '10.00' },
      { data: '2031-03-07', valorPerc: '5.00' },
    ],
  },
};

describe('the amount of a charge with a due date on the day it is paid', () => {
  it('before the due date: the discount of the nearest date not passed; none after the last', () => {
    expect(cobvAmountOn(charge(rules), '2031-02-20')).toBe(45000);
    expect(cobvAmountOn(charge(rules), '2031-03-01')).toBe(45000);
    expect(cobvAmountOn(charge(rules), '2031-03-02')).toBe(47500);
    expect(cobvAmountOn(charge(rules), '2031-03-08')).toBe(50000);
    expect(cobvAmountOn(charge(rules), '2031-03-10')).toBe(50000);
  });

  it('after it: the fine once and the interest of the days late; past the validity it cannot be paid', () => {
    // 2% of R$ 500,00 = R$ 10,00; 1% a month for 15 days = R$ 2,50.
    expect(cobvAmountOn(charge(rules), '2031-03-25')).toBe(51250);
    expect(cobvAmountOn(charge(rules), '2031-03-11')).toBe(51017);
    expect(cobvAmountOn(charge(rules, 5), '2031-03-15')).toBe(51083);
    expect(cobvAmountOn(charge(rules, 5), '2031-03-16')).toBeNull();
  });

  it('fixed values, interest a day, the discount a day early and the abatement', () => {
    const fixed = charge({ multa: { modalidade: 1, valorPerc: '7.00' }, juros: { modalidade: 1, valorPerc: '0.50' } });
    expect(cobvAmountOn(fixed, '2031-03-14')).toBe(50000 + 700 + 4 * 50);
    expect(cobvAmountOn(charge({ juros: { modalidade: 2, valorPerc: '0.10' } }), '2031-03-12')).toBe(50100);
    expect(cobvAmountOn(charge({ desconto: { modalidade: 3, valorPerc: '1.00' } }), '2031-03-07')).toBe(49700);
    expect(cobvAmountOn(charge({ abatimento: { modalidade: 1, valorPerc: '20.00' } }), '2031-03-10')).toBe(48000);
  });

  it('the day is São Paulo’s', () => {
    expect(paymentDay(new Date('2031-03-11T02:30:00Z'))).toBe('2031-03-10');
    expect(paymentDay(new Date('2031-03-11T03:00:00Z'))).toBe('2031-03-11');
  });
});
