import { describe, expect, it } from 'vitest';
import { contractAnniversary, contractPeriodDate, monthlyCents, nextContractPeriod } from './contract-schedule.ts';

describe('a contract’s billing calendar', () => {
  it('the first period is the first billing day on or after the start', () => {
    expect(contractPeriodDate('2027-03-10', 10, 'monthly', 0)).toBe('2027-03-10');
    expect(contractPeriodDate('2027-03-11', 10, 'monthly', 0)).toBe('2027-04-10');
    expect(contractPeriodDate('2027-12-20', 5, 'monthly', 0)).toBe('2028-01-05');
  });
  it('the 31st is a shorter month’s last day, 29 February in leap years', () => {
    const days = [0, 1, 2, 3].map((k) => contractPeriodDate('2028-01-01', 31, 'monthly', k));
    expect(days).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30']);
    expect(contractPeriodDate('2027-01-31', 31, 'monthly', 1)).toBe('2027-02-28');
    expect(contractPeriodDate('2027-01-01', 30, 'quarterly', 1)).toBe('2027-04-30');
  });
  it('the next period after a date, none past the end', () => {
    const c = { startDate: '2027-01-15', billingDay: 20, periodicity: 'monthly' as const, endDate: '2027-03-25' };
    expect(nextContractPeriod(c, null)).toBe('2027-01-20');
    expect(nextContractPeriod(c, '2027-01-20')).toBe('2027-02-20');
    expect(nextContractPeriod(c, '2027-02-25')).toBe('2027-03-20');
    expect(nextContractPeriod(c, '2027-03-20')).toBeNull();
    expect(nextContractPeriod({ ...c, periodicity: 'annual', endDate: null }, '2027-01-20')).toBe('2028-01-20');
  });
  it('anniversaries and the monthly share', () => {
    expect(contractAnniversary('2028-02-29', 1)).toBe('2029-02-28');
    expect(contractAnniversary('2027-06-01', 2)).toBe('2029-06-01');
    expect(monthlyCents(120000, 'quarterly')).toBe(40000);
  });
});
