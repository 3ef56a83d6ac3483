import { formatDate as formatDateIn, formatDateTime as formatDateTimeIn } from '@ordem-certa/contracts';
import { orgTimeZone } from './time-zone.ts';

export { formatMoney } from '@ordem-certa/contracts';

type Instant = string | Date | null | undefined;

/** dd/mm/aaaa of an instant in the organization's time zone (or the zone given, on a public page). */
export const formatDate = (value: Instant, timeZone = orgTimeZone()) => formatDateIn(value, timeZone);

/** dd/mm/aaaa HH:mm of an instant in the organization's time zone (or the zone given). */
export const formatDateTime = (value: Instant, timeZone = orgTimeZone()) => formatDateTimeIn(value, timeZone);

/**
 * A calendar date as the API sends it (yyyy-mm-dd, e.g. a payment date) in pt-BR. Not through Date:
 * midnight UTC is the day before in São Paulo.
 */
export function formatIsoDate(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** The time of day (HH:mm) in the organization's time zone (or the zone given); one formatter per zone. */
export function formatTime(value: Instant, timeZone = orgTimeZone()): string {
  if (!value) return '';
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit' });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(value));
}
