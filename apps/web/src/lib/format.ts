export { formatDate, formatDateTime, formatMoney } from '@oficina/contracts';
import { DEFAULT_TIME_ZONE } from '@oficina/contracts';

/**
 * A calendar date as the API sends it (yyyy-mm-dd, e.g. a payment date) in pt-BR. Not through Date:
 * midnight UTC is the day before in São Paulo.
 */
export function formatIsoDate(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** The time of day (HH:mm) in the organization's time zone. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  return new Intl.DateTimeFormat('pt-BR', { timeZone: DEFAULT_TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(
    new Date(value),
  );
}
