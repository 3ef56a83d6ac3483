/**
 * An iCalendar VTIMEZONE (RFC 5545 §3.6.5) for an IANA zone, written from the runtime's own tzdata
 * (Intl) over the dates a calendar holds: the offset in force when the range starts, then one
 * observance per change of offset inside it, each with its exact moment and no RRULE — so a rule
 * the zone dropped (Brazil's daylight saving time, abolished in 2019) can never be applied to it by
 * a client, and a rule it gains arrives with the next Node/ICU update.
 */
export function vtimezone(zone: string, from: Date, to: Date): string {
  const offsetAt = offsetReader(zone);
  const changes: Array<{ at: number; before: number; after: number }> = [];
  const DAY = 86_400_000;
  let t = from.getTime();
  let offset = offsetAt(t);
  const first = offset;
  while (t < to.getTime()) {
    const next = Math.min(t + DAY, to.getTime());
    const nextOffset = offsetAt(next);
    if (nextOffset !== offset) {
      // The first minute of the new offset, between t and next.
      let lo = t;
      let hi = next;
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (offsetAt(mid) === offset) lo = mid;
        else hi = mid;
      }
      changes.push({ at: hi, before: offset, after: nextOffset });
      offset = nextOffset;
    }
    t = next;
  }
  const standard = Math.min(first, ...changes.map((c) => c.after));
  const observance = (at: number, before: number, after: number) => {
    const kind = after > standard ? 'DAYLIGHT' : 'STANDARD';
    return [
      `BEGIN:${kind}`,
      `DTSTART:${wallClock(at, before)}`,
      `TZOFFSETFROM:${icalOffset(before)}`,
      `TZOFFSETTO:${icalOffset(after)}`,
      `END:${kind}`,
    ];
  };
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    `X-LIC-LOCATION:${zone}`,
    ...observance(from.getTime(), first, first),
    ...changes.flatMap((c) => observance(c.at, c.before, c.after)),
    'END:VTIMEZONE',
  ].join('\r\n');
}

/** The zone's offset from UTC, in minutes, at an instant (ms). */
function offsetReader(zone: string) {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  return (at: number) => {
    const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  };
}

/** The local time at `at` under `offset` minutes, as an iCalendar local DATE-TIME (19700101T000000). */
function wallClock(at: number, offset: number) {
  return new Date(at + offset * 60_000).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/** -180 → '-0300'. */
function icalOffset(minutes: number) {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}
