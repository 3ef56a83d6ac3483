import { DEFAULT_TIME_ZONE } from '@ordem-certa/contracts';

/**
 * The organization's time zone: every date and time the screens show, "today", and the dates and times
 * typed into forms are the organization's (organizations.time_zone), never the browser's — a technician
 * whose phone is set to another zone still sees the shop's 14:00. The signed-in app sets it from GET /me
 * before any page shows (the menu frame waits for it); until then, and where none is known, São Paulo.
 * The public pages pass the zone their answer carries to the formatting functions instead.
 */
let current = DEFAULT_TIME_ZONE;

/**
 * A zone this browser knows (Intl throws a RangeError for any other). The check makes the formatter the
 * screens use anyway, so the zone's data is loaded once.
 */
const isZone = (zone: string) => {
  try {
    wallFormat(zone);
    return true;
  } catch {
    return false;
  }
};

/** Whether `current` has been checked: a zone is checked when first used, not when set (see below). */
let checked = true;

/**
 * Sets the zone; it is checked when a screen first uses it. Checking it loads the browser's zone data,
 * which a slow phone pays for with tens of milliseconds: at start that held the first screen back even
 * when it showed no date.
 */
export function setOrgTimeZone(zone: string | null | undefined) {
  current = zone || DEFAULT_TIME_ZONE;
  checked = !zone;
}

/** The organization's zone; a zone this browser does not know counts as São Paulo. */
export function orgTimeZone(): string {
  if (!checked) {
    checked = true;
    if (!isZone(current)) current = DEFAULT_TIME_ZONE;
  }
  return current;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** The wall clock's fields in a zone ('sv-SE' writes 'YYYY-MM-DD HH:mm'), made once per zone. */
const wallFormat = (zone: string) => {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, f);
  }
  return f;
};

/** The instant as the wall time of the zone: 'YYYY-MM-DDTHH:mm' (what DateTimeInput takes). */
export function toWallTime(instant: string | Date | null | undefined, zone = orgTimeZone()): string {
  if (!instant) return '';
  return wallFormat(zone).format(new Date(instant)).replace(' ', 'T');
}

/** A wall time of the zone ('YYYY-MM-DDTHH:mm') as an ISO instant; null when it is not one. */
export function fromWallTime(wall: string, zone = orgTimeZone()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(wall)) return null;
  const asUtc = Date.parse(`${wall}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset at an instant: its wall time read as UTC, minus the instant. Taken twice, so a
  // guess on the other side of a daylight-saving change is corrected.
  const offsetAt = (instant: number) => Date.parse(`${toWallTime(new Date(instant), zone)}:00Z`) - instant;
  const guess = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(guess)).toISOString();
}

/** The calendar day ('YYYY-MM-DD') an instant falls on in the zone. */
export const dayOf = (instant: string | Date, zone = orgTimeZone()) => toWallTime(instant, zone).slice(0, 10);

/** Today ('YYYY-MM-DD') in the organization's zone. */
export const todayIso = (zone = orgTimeZone()) => dayOf(new Date(), zone);
