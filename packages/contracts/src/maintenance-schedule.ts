// The calendar of a maintenance plan (PMOC): when each visit falls. Plain date arithmetic on
// 'YYYY-MM-DD' strings, no time zone involved, shared by the server (which creates the orders) and the
// screen (which shows the next visits).

export const maintenanceFrequencies = ['monthly', 'bimonthly', 'quarterly', 'semiannual', 'annual'] as const;
export type MaintenanceFrequency = (typeof maintenanceFrequencies)[number];

/** Months between two visits. */
export const frequencyMonths: Record<MaintenanceFrequency, number> = {
  monthly: 1,
  bimonthly: 2,
  quarterly: 3,
  semiannual: 6,
  annual: 12,
};

export const frequencyLabels: Record<MaintenanceFrequency, string> = {
  monthly: 'Mensal',
  bimonthly: 'Bimestral',
  quarterly: 'Trimestral',
  semiannual: 'Semestral',
  annual: 'Anual',
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Days in a month (1–12) of a year of the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The date of visit `k` (0 = the start date itself): `k` periods after the start, always counted from
 * the start date, so the day of the month is the start's whenever the month has it and the month's last
 * day otherwise (31 Jan → 28 or 29 Feb → 31 Mar).
 */
export function occurrenceDate(startDate: string, frequency: MaintenanceFrequency, k: number): string {
  const [year, month, day] = startDate.split('-').map(Number) as [number, number, number];
  const months = month - 1 + k * frequencyMonths[frequency];
  const y = year + Math.floor(months / 12);
  const m = (months % 12) + 1;
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(day, daysInMonth(y, m)))}`;
}

/** A date `days` days after (or before, when negative) 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The first visit index whose date is after `date` (or on it, with `inclusive`). */
export function firstOccurrenceAfter(
  startDate: string,
  frequency: MaintenanceFrequency,
  date: string,
  inclusive = false,
): number {
  // A visit a month at most: the index is near the months between the two dates.
  const [y0, m0] = startDate.split('-').map(Number) as [number, number];
  const [y1, m1] = date.split('-').map(Number) as [number, number];
  let k = Math.max(0, Math.floor(((y1 - y0) * 12 + (m1 - m0)) / frequencyMonths[frequency]) - 1);
  const passed = (d: string) => (inclusive ? d < date : d <= date);
  while (k > 0 && !passed(occurrenceDate(startDate, frequency, k - 1))) k--;
  while (passed(occurrenceDate(startDate, frequency, k))) k++;
  return k;
}
