import { orgTimeZone, todayIso, toWallTime } from '../../../lib/time-zone.ts';

/**
 * Calendar days and times of day in the organization's time zone (the one every screen prints in),
 * whatever the browser's own zone is. Days are 'YYYY-MM-DD' strings; times are minutes after midnight.
 */

/** The day and the minute of the day an instant falls on, there. */
export function wallClock(instant: string | Date): { day: string; minutes: number } {
  const wall = toWallTime(instant);
  return { day: wall.slice(0, 10), minutes: Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16)) };
}

export const today = () => todayIso();

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Monday of the week the day is in. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const offsetOf = (day: string) => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: orgTimeZone(), timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((x) => x.type === 'timeZoneName')!.value;
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
};

/** The ISO date-time, with the zone's offset, of a minute of a day there. */
export function zonedIso(day: string, minutes: number): string {
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${day}T${hh}:${mm}:00${offsetOf(day)}`;
}

export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const dayLabel = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'UTC',
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
});
const longLabel = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
/** 'seg., 25/11' */
export const shortDay = (day: string) => dayLabel.format(new Date(`${day}T12:00:00Z`));
/** 'segunda-feira, 25 de novembro de 2026' */
export const longDay = (day: string) => longLabel.format(new Date(`${day}T12:00:00Z`));
