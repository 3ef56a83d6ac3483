// The calendar of a maintenance contract's billing: the day each period is charged. Plain date
// arithmetic on 'YYYY-MM-DD' strings, shared by the server (whose job bills the periods) and the
// screen (which shows the next billing day). The organization's time zone only decides what "today" is.
import { daysInMonth, frequencyMonths, type MaintenanceFrequency } from './maintenance-schedule.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The billing day in a month: the day itself, or the month's last day when the month is shorter (31 → 30, 28, 29). */
export function billingDayIn(year: number, month: number, billingDay: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(billingDay, daysInMonth(year, month)))}`;
}

/**
 * The month (year, 1–12) of the first period: the first billing day on or after the start. A contract
 * that starts on its billing day bills that day; one that starts after it, in the next month.
 */
function firstMonth(startDate: string, billingDay: number): [number, number] {
  const [y, m] = startDate.split('-').map(Number) as [number, number];
  if (billingDayIn(y, m, billingDay) >= startDate) return [y, m];
  return m === 12 ? [y + 1, 1] : [y, m + 1];
}

/** The billing date of period `k` (0 = the first): `k` periods after the first period's month. */
export function contractPeriodDate(
  startDate: string,
  billingDay: number,
  periodicity: MaintenanceFrequency,
  k: number,
): string {
  const [y0, m0] = firstMonth(startDate, billingDay);
  const months = m0 - 1 + k * frequencyMonths[periodicity];
  return billingDayIn(y0 + Math.floor(months / 12), (months % 12) + 1, billingDay);
}

/**
 * The first billing date after `after` (or the first period when `after` is null), or null when it
 * falls past the contract's end date.
 */
export function nextContractPeriod(
  c: { startDate: string; billingDay: number; periodicity: MaintenanceFrequency; endDate: string | null },
  after: string | null,
): string | null {
  let k = 0;
  if (after) {
    const [y0, m0] = firstMonth(c.startDate, c.billingDay);
    const [y1, m1] = after.split('-').map(Number) as [number, number];
    k = Math.max(0, Math.floor(((y1 - y0) * 12 + (m1 - m0)) / frequencyMonths[c.periodicity]) - 1);
    while (contractPeriodDate(c.startDate, c.billingDay, c.periodicity, k) <= after) k++;
  }
  const date = contractPeriodDate(c.startDate, c.billingDay, c.periodicity, k);
  return c.endDate !== null && date > c.endDate ? null : date;
}

/** The contract's yearly anniversary number `n` (1 = a year after the start; 29 February → 28 in other years). */
export function contractAnniversary(startDate: string, n: number): string {
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  return `${pad(y + n, 4)}-${pad(m)}-${pad(Math.min(d, daysInMonth(y + n, m)))}`;
}

/** An amount per period as a month's share (the monthly recurring revenue), in cents. */
export const monthlyCents = (amountCents: number, periodicity: MaintenanceFrequency) =>
  Math.round(amountCents / frequencyMonths[periodicity]);
