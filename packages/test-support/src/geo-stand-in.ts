import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A stand-in on loopback for the map services, speaking their protocols: a geocoder as Nominatim
 * (`/nominatim/search?q=…&format=jsonv2`: an array of `{lat, lon, display_name}` as strings, `[]` for a
 * place it does not know), a router as OSRM (`/osrm/route/v1/driving/{lon},{lat};{lon},{lat}`: `{code:
 * 'Ok', routes: [{distance, duration}]}` in metres and seconds, the straight line times `detour` at
 * `speedKmh`; `/osrm/table/v1/driving/{lon},{lat};…?annotations=duration,distance`: `{code: 'Ok',
 * durations, distances}`, rows the origins, each leg heading north `uphill` times longer, so the table is
 * one-way as a city's is; a malformed request is refused with 400 and OSRM's codes) and a tile server
 * (`/tiles/{z}/{x}/{y}.png`: a 256-pixel PNG, pale with its edges drawn, two shades by the tile's place,
 * so a map's tiles can be seen). Each can be put down (503), and every request is kept; `GET /hits`
 * answers them as JSON, for a test in another process (the E2E specs). Used by the API tests and the E2E run.
 */

export interface GeoStandIn {
  geocoderUrl: string;
  routingUrl: string;
  tilesUrl: string;
  /** The places it knows, by the query text's lower case (partial match on their key). */
  places: Map<string, { latitude: number; longitude: number }>;
  down: { geocoder: boolean; router: boolean };
  /** Milliseconds the router waits before it answers (a slow service). */
  delay: { router: number };
  /** The paths with their query, in order. */
  hits: string[];
  hitsOf(service: 'nominatim' | 'osrm' | 'tiles'): number;
  close(): Promise<void>;
}

/** A 256 × 256 RGB PNG of one colour with its edges in another. */
function tilePng(fill: [number, number, number], edge: [number, number, number]) {
  const size = 256;
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) {
      const c = x === 0 || y === 0 ? edge : fill;
      rows.set(c, row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const TILES = [tilePng([238, 240, 230], [200, 204, 190]), tilePng([228, 233, 222], [200, 204, 190])];

const rad = (d: number) => (d * Math.PI) / 180;
function haversine(a: [number, number], b: [number, number]) {
  const [lon1, lat1] = a;
  const [lon2, lat2] = b;
  const h =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export async function startGeoStandIn(
  opts: {
    places?: Record<string, { latitude: number; longitude: number }>;
    detour?: number;
    speedKmh?: number;
    uphill?: number;
  } = {},
  port = 0,
): Promise<GeoStandIn> {
  const places = new Map(Object.entries(opts.places ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const detour = opts.detour ?? 1.3;
  const speed = ((opts.speedKmh ?? 36) * 1000) / 3600;
  const uphill = opts.uphill ?? 1;
  const down = { geocoder: false, router: false };
  const delay = { router: 0 };
  const hits: string[] = [];
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const unavailable = (res: ServerResponse) => {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('Service Unavailable');
  };

  /** OSRM's table: every coordinate to every other, or its 400 for a request it cannot read. */
  const table = (res: ServerResponse, coords: string, annotations: string | null) => {
    const points = coords.split(';').map((c) => c.split(',').map(Number));
    if (points.some((p) => p.length !== 2 || p.some((v) => !Number.isFinite(v))))
      return json(res, 400, { code: 'InvalidUrl', message: `URL string malformed close to position 1: "${coords}"` });
    if (points.some(([lon, lat]) => Math.abs(lon!) > 180 || Math.abs(lat!) > 90))
      return json(res, 400, { code: 'InvalidValue', message: 'Invalid coordinate value.' });
    if (points.length < 2)
      return json(res, 400, { code: 'InvalidOptions', message: 'Number of coordinates needs to be at least two.' });
    const wanted = (annotations ?? 'duration').split(',');
    if (!wanted.every((a) => a === 'duration' || a === 'distance'))
      return json(res, 400, { code: 'InvalidQuery', message: 'Query string malformed close to position 0' });
    const legs = points.map((a) =>
      points.map(
        (b) => haversine(a as [number, number], b as [number, number]) * detour * (b[1]! > a[1]! ? uphill : 1),
      ),
    );
    return json(res, 200, {
      code: 'Ok',
      ...(wanted.includes('duration') ? { durations: legs.map((row) => row.map((m) => m / speed)) } : {}),
      ...(wanted.includes('distance') ? { distances: legs } : {}),
      sources: points.map(([lon, lat]) => ({ location: [lon, lat], name: '' })),
      destinations: points.map(([lon, lat]) => ({ location: [lon, lat], name: '' })),
    });
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/hits') return json(res, 200, hits);
    hits.push(`${url.pathname}${url.search}`);
    if (url.pathname.startsWith('/osrm/') && delay.router) await new Promise((r) => setTimeout(r, delay.router));
    const t = /^\/osrm\/table\/v1\/driving\/([^/]+)$/.exec(url.pathname);
    if (t) {
      if (down.router) return unavailable(res);
      return table(res, decodeURIComponent(t[1]!), url.searchParams.get('annotations'));
    }
    if (url.pathname === '/nominatim/search') {
      if (down.geocoder) return unavailable(res);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const hit = [...places.entries()].find(([key]) => q.includes(key));
      return json(
        res,
        200,
        hit ? [{ lat: String(hit[1].latitude), lon: String(hit[1].longitude), display_name: hit[0] }] : [],
      );
    }
    const m = /^\/osrm\/route\/v1\/driving\/([-\d.]+),([-\d.]+);([-\d.]+),([-\d.]+)$/.exec(url.pathname);
    if (m) {
      if (down.router) return unavailable(res);
      const [a, b] = [
        [Number(m[1]), Number(m[2])],
        [Number(m[3]), Number(m[4])],
      ] as [[number, number], [number, number]];
      const distance = haversine(a, b) * detour;
      return json(res, 200, { code: 'Ok', routes: [{ distance, duration: distance / speed }], waypoints: [] });
    }
    const tile = /^\/tiles\/\d+\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
    if (tile) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(TILES[(Number(tile[1]) + Number(tile[2])) % 2]);
    }
    json(res, 404, { code: 'NotFound' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    geocoderUrl: `${base}/nominatim`,
    routingUrl: `${base}/osrm`,
    tilesUrl: `${base}/tiles`,
    places,
    down,
    delay,
    hits,
    hitsOf: (service) => hits.filter((h) => h.startsWith(`/${service}/`)).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
