import { describe, expect, it } from 'vitest';
import { businessDateTime, calendarDate } from './common.ts';
import { messages } from './messages.ts';

describe('business dates', () => {
  it('a calendar date takes the years 2000 to 2100 only', () => {
    const date = calendarDate();
    for (const ok of ['2000-01-01', '2026-11-24', '2100-12-31']) expect(date.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
      const r = date.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error!.issues[0]!.message).toBe(messages.yearOutOfRange);
    }
  });

  it('a date-time (reminders, visits) too', () => {
    const at = businessDateTime('Data e hora inválidas');
    expect(at.safeParse('2026-11-24T10:00:00-03:00').success).toBe(true);
    expect(at.safeParse('0001-01-01T00:00:00Z').error!.issues[0]!.message).toBe(messages.yearOutOfRange);
    expect(at.safeParse('2101-01-01T00:00:00Z').success).toBe(false);
    expect(at.safeParse('amanhã').error!.issues[0]!.message).toBe('Data e hora inválidas');
  });
});
