import { formatDate, messages, reportMessages, type ReportFilter } from '@ordem-certa/contracts';
import { invalid } from '../../lib/errors.ts';

/** The longest period a report takes, in days: every report reads at most a year of orders. */
export const MAX_PERIOD_DAYS = 366;
export const EARLIEST_DAY = '2000-01-01';

const DAY_MS = 86_400_000;
const isDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const showDay = (v: string) => formatDate(`${v}T12:00:00Z`, 'UTC');

/** Today's date (YYYY-MM-DD) in the organization's time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The first day of the month `months` before today's, as YYYY-MM-DD. */
export function monthsBack(today: string, months: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - months, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * Checks the submitted values against the report's filters, field by field, and returns them
 * trimmed ('' for an empty optional one). Throws a 422 with every field's message at once.
 * A 'from'/'to' pair is also checked as a period: in order and at most `maxPeriodDays` long.
 */
export function validateFilters(
  filters: ReportFilter[],
  body: Record<string, string>,
  maxPeriodDays = MAX_PERIOD_DAYS,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const f of filters) {
    const raw = (body[f.name] ?? f.default ?? '').trim();
    values[f.name] = raw;
    if (!raw) {
      if (f.required) errors[f.name] = messages.required;
      continue;
    }
    if (f.type === 'date') {
      if (!isDay(raw)) errors[f.name] = reportMessages.invalidDate;
      else if (typeof f.min === 'string' && raw < f.min) errors[f.name] = reportMessages.dateBefore(showDay(f.min));
      else if (typeof f.max === 'string' && raw > f.max) errors[f.name] = reportMessages.dateAfter(showDay(f.max));
    } else if (f.type === 'select') {
      if (!f.options?.some((o) => o.value === raw)) errors[f.name] = reportMessages.invalidOption;
    } else {
      if (typeof f.min === 'number' && raw.length < f.min) errors[f.name] = reportMessages.tooShort(f.min);
      else if (typeof f.max === 'number' && raw.length > f.max) errors[f.name] = reportMessages.tooLong(f.max);
    }
  }
  const { from, to } = values;
  if (from && to && !errors.from && !errors.to && filters.some((f) => f.name === 'to')) {
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
    if (days < 1) errors.to = reportMessages.endBeforeStart;
    else if (days > maxPeriodDays) errors.to = reportMessages.periodTooLong(maxPeriodDays);
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return values;
}

/** The 'from' and 'to' date filters of a period ending today, starting `months` months back. */
export function periodFilters(timeZone: string, label: { from: string; to: string }, months = 11): ReportFilter[] {
  const today = todayIn(timeZone);
  return [
    {
      name: 'from',
      label: label.from,
      type: 'date',
      required: true,
      min: EARLIEST_DAY,
      max: today,
      default: monthsBack(today, months),
    },
    { name: 'to', label: label.to, type: 'date', required: true, min: EARLIEST_DAY, max: today, default: today },
  ];
}
