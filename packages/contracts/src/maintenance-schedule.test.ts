import { describe, expect, it } from 'vitest';
import { addDays, daysInMonth, firstOccurrenceAfter, occurrenceDate } from './maintenance-schedule.ts';

const dates = (start: string, frequency: Parameters<typeof occurrenceDate>[1], n: number) =>
  Array.from({ length: n }, (_, k) => occurrenceDate(start, frequency, k));

describe('maintenance visits', () => {
  it('the first visit is the start date, the next ones a period apart', () => {
    expect(dates('2026-01-10', 'monthly', 3)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10']);
    expect(dates('2026-01-10', 'bimonthly', 3)).toEqual(['2026-01-10', '2026-03-10', '2026-05-10']);
    expect(dates('2026-11-05', 'quarterly', 3)).toEqual(['2026-11-05', '2027-02-05', '2027-05-05']);
    expect(dates('2026-07-15', 'semiannual', 3)).toEqual(['2026-07-15', '2027-01-15', '2027-07-15']);
    expect(dates('2026-03-01', 'annual', 3)).toEqual(['2026-03-01', '2027-03-01', '2028-03-01']);
  });

  it('a day the month lacks is its last day, and the count goes on from the start (31 Mar stays 31 Mar)', () => {
    expect(dates('2026-01-31', 'monthly', 5)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    // A leap year's February has its 29th.
    expect(dates('2028-01-31', 'monthly', 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
    expect(dates('2026-08-31', 'semiannual', 3)).toEqual(['2026-08-31', '2027-02-28', '2027-08-31']);
    expect(dates('2026-11-30', 'quarterly', 2)).toEqual(['2026-11-30', '2027-02-28']);
  });

  it('29 February comes back on 29 February in leap years and on the 28th in the others', () => {
    expect(dates('2028-02-29', 'annual', 5)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
    // 2100 is not a leap year (divisible by 100, not by 400); 2000 was.
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(occurrenceDate('2096-02-29', 'annual', 4)).toBe('2100-02-28');
  });

  it('finds the first visit after a date (or on it)', () => {
    const start = '2026-01-31';
    expect(firstOccurrenceAfter(start, 'monthly', '2025-12-01')).toBe(0);
    expect(firstOccurrenceAfter(start, 'monthly', '2026-01-31')).toBe(1);
    expect(firstOccurrenceAfter(start, 'monthly', '2026-01-31', true)).toBe(0);
    expect(firstOccurrenceAfter(start, 'monthly', '2026-02-28')).toBe(2);
    expect(firstOccurrenceAfter(start, 'monthly', '2026-03-01')).toBe(2);
    expect(firstOccurrenceAfter(start, 'quarterly', '2027-01-01')).toBe(4);
    expect(occurrenceDate(start, 'quarterly', 4)).toBe('2027-01-31');
    // Checked against counting one by one over four years of every frequency.
    for (const frequency of ['monthly', 'bimonthly', 'quarterly', 'semiannual', 'annual'] as const) {
      for (let day = '2026-01-01'; day < '2030-01-01'; day = addDays(day, 7)) {
        let k = 0;
        while (occurrenceDate(start, frequency, k) <= day) k++;
        expect(firstOccurrenceAfter(start, frequency, day), `${frequency} ${day}`).toBe(k);
      }
    }
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-20', 15)).toBe('2027-01-04');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
