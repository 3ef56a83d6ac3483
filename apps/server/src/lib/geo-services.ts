import { getJson } from './outside-service.ts';

// Clients of two outside map services, each behind its base URL: a geocoder speaking Nominatim's
// search protocol (a place's text to its coordinates) and a router speaking OSRM's route and table
// protocols (the driving distance and duration between two points, or between every pair of a day's). Both answer null when they cannot: the caller
// falls back (a straight line, a position set by hand) and never waits longer than `timeoutMs`.

export interface Point {
  latitude: number;
  longitude: number;
}

const TIMEOUT_MS = 4000;
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * Nominatim's `/search?q=…&format=jsonv2&limit=1&countrycodes=br`: the best match, `{found: null}` when
 * the service knows no such place, or null when it could not answer (to be asked again later).
 */
export async function geocode(
  baseUrl: string,
  query: string,
  timeoutMs = TIMEOUT_MS,
): Promise<{ found: Point | null } | null> {
  const url = `${baseUrl}/search?${new URLSearchParams({ q: query, format: 'jsonv2', limit: '1', countrycodes: 'br' })}`;
  try {
    const { status, body } = await getJson(url, AbortSignal.timeout(timeoutMs));
    if (status !== 200 || !Array.isArray(body)) return null;
    const first = body[0] as { lat?: unknown; lon?: unknown } | undefined;
    if (!first) return { found: null };
    const latitude = finite(Number(first.lat));
    const longitude = finite(Number(first.lon));
    if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { found: { latitude, longitude } };
  } catch {
    return null;
  }
}

/** OSRM's `/route/v1/driving/{lon},{lat};{lon},{lat}?overview=false`: metres and seconds, or null. */
export async function drivingRoute(
  baseUrl: string,
  from: Point,
  to: Point,
  timeoutMs = TIMEOUT_MS,
): Promise<{ meters: number; seconds: number } | null> {
  const coords = `${from.longitude},${from.latitude};${to.longitude},${to.latitude}`;
  try {
    const { status, body } = await getJson(
      `${baseUrl}/route/v1/driving/${coords}?overview=false`,
      AbortSignal.timeout(timeoutMs),
    );
    const answer = body as { code?: unknown; routes?: Array<{ distance?: unknown; duration?: unknown }> } | undefined;
    if (status !== 200 || answer?.code !== 'Ok') return null;
    const meters = finite(answer.routes?.[0]?.distance);
    const seconds = finite(answer.routes?.[0]?.duration);
    return meters === null || seconds === null ? null : { meters, seconds };
  } catch {
    return null;
  }
}

/**
 * OSRM's `/table/v1/driving/{lon},{lat};…?annotations=duration,distance`: the metres and seconds from
 * each point to every other (row the origin, column the destination; one-way streets make it
 * asymmetric), in one request; null when the service fails, is slow, or leaves a pair without a route.
 */
export async function drivingTable(
  baseUrl: string,
  points: Point[],
  timeoutMs = TIMEOUT_MS,
): Promise<{ meters: number[][]; seconds: number[][] } | null> {
  const coords = points.map((p) => `${p.longitude},${p.latitude}`).join(';');
  try {
    const { status, body } = await getJson(
      `${baseUrl}/table/v1/driving/${coords}?annotations=duration,distance`,
      AbortSignal.timeout(timeoutMs),
    );
    const answer = body as { code?: unknown; durations?: unknown; distances?: unknown } | undefined;
    if (status !== 200 || answer?.code !== 'Ok') return null;
    const square = (table: unknown) =>
      Array.isArray(table) &&
      table.length === points.length &&
      table.every((row) => Array.isArray(row) && row.length === points.length && row.every((v) => finite(v) !== null))
        ? (table as number[][])
        : null;
    const meters = square(answer.distances);
    const seconds = square(answer.durations);
    return meters && seconds ? { meters, seconds } : null;
  } catch {
    return null;
  }
}
