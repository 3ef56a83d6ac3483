// The technician's day in the field, without zod: the stamps a technician makes on an order ('A caminho',
// 'Cheguei', 'Iniciar', 'Pausar', 'Retomar', 'Saí'), the distance between two positions, the straight-line
// arrival estimate, and the time on the job summed from the stamps as the phone recorded them. The order
// screen, the office's timeline and the reports read these; the server computes with the same functions.

export const stampKinds = ['travel', 'arrive', 'start', 'pause', 'resume', 'leave'] as const;
export type StampKind = (typeof stampKinds)[number];

/** What the buttons and the timeline call each stamp. */
export const stampLabels: Record<StampKind, string> = {
  travel: 'A caminho',
  arrive: 'Cheguei',
  start: 'Iniciar',
  pause: 'Pausar',
  resume: 'Retomar',
  leave: 'Saí',
};

/** What the timeline says happened at each stamp. */
export const stampDone: Record<StampKind, string> = {
  travel: 'Saiu a caminho',
  arrive: 'Chegou ao local',
  start: 'Iniciou o atendimento',
  pause: 'Pausou',
  resume: 'Retomou',
  leave: 'Saiu do local',
};

/** The kinds that carry the phone's position (the others are times only). */
export const positionedKinds: readonly StampKind[] = ['travel', 'arrive', 'leave'];

/**
 * The phone's clock when it sent a write (ISO), on every write that carries an Idempotency-Key (the
 * outbox's replays too): the server compares it with its own to flag a stamp from a clock that is off.
 */
export const DEVICE_TIME_HEADER = 'device-time';

/** Beyond this the device's clock is taken as wrong: the stamp is kept and flagged. */
export const CLOCK_SKEW_LIMIT_MS = 5 * 60_000;
/** The arrival farther than this from the address is flagged to the office, unless the organization says otherwise. */
export const DEFAULT_ARRIVAL_WARNING_METERS = 500;
/** The phone leaving this radius around where it arrived, with the order open, stamps 'Saí' by itself. */
export const AUTO_LEAVE_METERS = 500;
/** Stamps keep their positions this long, unless the organization says otherwise; then only their times. */
export const DEFAULT_STAMP_RETENTION_MONTHS = 12;
/** The assumed average speed of a straight-line estimate, in km/h. */
export const DEFAULT_AVERAGE_SPEED_KMH = 30;

/** What the phone's privacy sentence says on the order screen. */
export const positionNotice =
  'A localização do aparelho é usada só entre "A caminho" e "Saí" nesta ordem, com a tela aberta; nunca em segundo plano.';

export interface Position {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle (haversine) distance between two positions, in metres. */
export function haversineMeters(a: Position, b: Position): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** How long a straight line of `meters` takes at `speedKmh`, in seconds (rounded up to the minute). */
export function straightLineSeconds(meters: number, speedKmh = DEFAULT_AVERAGE_SPEED_KMH): number {
  const seconds = meters / ((speedKmh * 1000) / 3600);
  return Math.ceil(seconds / 60) * 60;
}

/** The arrival time of a trip that starts at `departAt` and takes `seconds`. */
export const etaAt = (departAt: Date, seconds: number) => new Date(departAt.getTime() + seconds * 1000);

/** '1,2 km' or '350 m', as the office reads a distance. */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters)} m`;
  return `${(meters / 1000).toFixed(1).replace('.', ',')} km`;
}

/** '1 h 05 min' or '12 min'. */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

/** A stamp as the time on the job needs it: what, and when the phone recorded it. */
export interface TimedStamp {
  kind: StampKind;
  deviceAt: Date;
}

export interface Span {
  from: Date;
  to: Date;
}

/** The stamps in the order they were made on the phone (by device time), whatever order they arrived in. */
export const byDeviceTime = <S extends TimedStamp>(stamps: readonly S[]) =>
  [...stamps].sort((a, b) => a.deviceAt.getTime() - b.deviceAt.getTime());

/**
 * The worked spans: from 'Iniciar' or 'Retomar' to the next 'Pausar' or 'Saí', by the phone's times. A
 * span still open ends when the order was completed (`completedAt`), or at `now` when given (a job under
 * way), or else is not counted.
 */
export function workedSpans(stamps: readonly TimedStamp[], end: { completedAt?: Date | null; now?: Date } = {}) {
  const spans: Span[] = [];
  let open: Date | null = null;
  for (const s of byDeviceTime(stamps)) {
    if (s.kind === 'start' || s.kind === 'resume') open ??= s.deviceAt;
    else if ((s.kind === 'pause' || s.kind === 'leave') && open) {
      spans.push({ from: open, to: s.deviceAt });
      open = null;
    }
  }
  const close = end.completedAt ?? end.now;
  if (open && close && close > open) spans.push({ from: open, to: close });
  return spans;
}

/** The travel spans: from 'A caminho' to the next 'Cheguei'. */
export function travelSpans(stamps: readonly TimedStamp[]) {
  const spans: Span[] = [];
  let open: Date | null = null;
  for (const s of byDeviceTime(stamps)) {
    if (s.kind === 'travel') open ??= s.deviceAt;
    else if (s.kind === 'arrive' && open) {
      spans.push({ from: open, to: s.deviceAt });
      open = null;
    }
  }
  return spans;
}

export const spanSeconds = (spans: readonly Span[]) =>
  spans.reduce((sum, s) => sum + Math.max(0, s.to.getTime() - s.from.getTime()), 0) / 1000;

/** The calendar date (YYYY-MM-DD) of `at` in `timeZone`. */
export function dateIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The next midnight after `at` in `timeZone` (the instant the date there changes). */
function nextMidnight(at: Date, timeZone: string): Date {
  const today = dateIn(at, timeZone);
  // A day is at most 25 hours: step forward by the hour until the date changes, then back by the minute.
  let probe = new Date(at.getTime());
  while (dateIn(probe, timeZone) === today) probe = new Date(probe.getTime() + 3_600_000);
  let step = new Date(probe.getTime() - 3_600_000);
  while (dateIn(new Date(step.getTime() + 60_000), timeZone) === today) step = new Date(step.getTime() + 60_000);
  const minute = new Date(step.getTime() + 60_000);
  minute.setUTCSeconds(0, 0);
  return minute;
}

/** The seconds of `spans` on each date of `timeZone`: a span across midnight is split there. */
export function secondsByDate(spans: readonly Span[], timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const span of spans) {
    let from = span.from;
    while (from < span.to) {
      const midnight = nextMidnight(from, timeZone);
      const to = midnight < span.to ? midnight : span.to;
      const day = dateIn(from, timeZone);
      out[day] = (out[day] ?? 0) + (to.getTime() - from.getTime()) / 1000;
      from = to;
    }
  }
  return out;
}

/** Where a technician is on an order now, from their latest stamps there. */
export type FieldStatus = 'traveling' | 'onSite' | 'working' | 'free';
export const fieldStatusLabels: Record<FieldStatus, string> = {
  traveling: 'Em deslocamento',
  onSite: 'No local',
  working: 'Em atendimento',
  free: 'Livre',
};

/** The status that the latest stamp (by device time) leaves the technician in. */
export function statusAfter(stamps: readonly TimedStamp[], completed = false): FieldStatus {
  const last = byDeviceTime(stamps).at(-1);
  if (!last || last.kind === 'leave') return 'free';
  if (last.kind === 'travel') return 'traveling';
  if (completed) return 'onSite';
  if (last.kind === 'start' || last.kind === 'resume') return 'working';
  return 'onSite';
}

/** The stamps the technician may make next, given the latest one (by device time). */
export function nextStamps(stamps: readonly TimedStamp[], completed = false): StampKind[] {
  const last = byDeviceTime(stamps).at(-1)?.kind;
  switch (last) {
    case undefined:
    case 'leave':
      return completed ? [] : ['travel', 'arrive'];
    case 'travel':
      return ['arrive'];
    case 'arrive':
      return completed ? ['leave'] : ['start', 'leave'];
    case 'start':
    case 'resume':
      return completed ? ['leave'] : ['pause', 'leave'];
    case 'pause':
      return completed ? ['leave'] : ['resume', 'leave'];
  }
}
