import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { schema, type Db } from '@ordem-certa/db';
import { geocode } from '../../lib/geo-services.ts';
import { startIntervalJob, type Job } from '../../lib/interval-job.ts';
import { queryRows } from '../../lib/sql.ts';

// The field's background work: addresses saved since the last round get their coordinates from the
// geocoding service (a save never waits for it; each address text is asked once and its answer kept),
// and stamps past the organization's retention period lose their positions, keeping only their times.

const a = schema.addresses;
const BATCH = 10;

/** The text the geocoder is asked for an address: street, number, district, city, UF, CEP, country. */
export function geocodeQuery(r: {
  address: string;
  number: number | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
}): string {
  const street = [r.address, r.number ?? ''].filter((p) => String(p).trim()).join(', ');
  const cep = r.postalCode ? `${r.postalCode.slice(0, 5)}-${r.postalCode.slice(5)}` : '';
  const city = [r.city, r.state].filter(Boolean).join(' - ');
  return [street, r.neighborhood, city, cep, 'Brasil']
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ')
    .replace(/\s+/g, ' ');
}

/**
 * Looks up the addresses not placed yet, `batch` at a time, oldest first: the kept answer for the same
 * text, else the service's. One the service knows nothing of is marked 'missing' (placed by hand only);
 * one it could not answer stays for the next round. A position is written only while the address still
 * has the text it was looked up by and nobody placed it meanwhile. Answers how many were looked at.
 */
export async function geocodePending(db: Db, geocoderUrl: string, batch = BATCH): Promise<number> {
  const rows = await db
    .select({
      id: a.id,
      address: a.address,
      number: a.number,
      neighborhood: a.neighborhood,
      city: a.city,
      state: a.state,
      postalCode: a.postalCode,
    })
    .from(a)
    .where(isNull(a.positionSource))
    .orderBy(asc(a.id))
    .limit(batch);
  let failed = 0;
  for (const row of rows) {
    const query = geocodeQuery(row);
    const g = schema.geocodeLookups;
    const [kept] = await db.select().from(g).where(eq(g.query, query));
    let found: { latitude: number; longitude: number } | null;
    if (kept)
      found =
        kept.latitude != null && kept.longitude != null ? { latitude: kept.latitude, longitude: kept.longitude } : null;
    else {
      const answer = await geocode(geocoderUrl, query);
      if (!answer) {
        failed += 1;
        continue;
      }
      found = answer.found;
      await db
        .insert(g)
        .values({ query, latitude: found?.latitude ?? null, longitude: found?.longitude ?? null })
        .onConflictDoNothing();
    }
    await db
      .update(a)
      .set({
        latitude: found?.latitude ?? null,
        longitude: found?.longitude ?? null,
        positionSource: found ? 'geocoder' : 'missing',
        geocodedAt: new Date(),
      })
      .where(
        and(
          eq(a.id, row.id),
          isNull(a.positionSource),
          sql`(${a.address}, ${a.number}, ${a.neighborhood}, ${a.city}, ${a.state}, ${a.postalCode})
              IS NOT DISTINCT FROM (${row.address}, ${row.number}::integer, ${row.neighborhood}::text, ${row.city}::text, ${row.state}::text, ${row.postalCode}::text)`,
        ),
      );
  }
  // A round whose every lookup failed waits for the next tick (the service is down).
  return failed === rows.length ? 0 : rows.length;
}

/**
 * Stamps older than their organization's retention period (12 months by default) keep their times
 * and distances but lose the phone's position. Answers how many were reduced.
 */
export async function reduceOldStamps(db: Db, now = new Date(), batch = 500): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`WITH due AS (
          SELECT f.id FROM field_stamps f
            LEFT JOIN field_settings s ON s.organization_id = f.organization_id
           WHERE f.reduced_at IS NULL
             AND f.device_at < ${now.toISOString()}::timestamptz - make_interval(months => coalesce(s.retention_months, 12))
           ORDER BY f.id LIMIT ${batch}
             FOR UPDATE OF f SKIP LOCKED)
        UPDATE field_stamps f SET latitude = NULL, longitude = NULL, accuracy = NULL, reduced_at = ${now.toISOString()}::timestamptz
          FROM due WHERE f.id = due.id
        RETURNING f.id`,
  );
  return rows.length;
}

/** The field job inside the server. */
export function startFieldJob(app: FastifyInstance, intervalMs: number, log: FastifyBaseLogger = app.log): Job {
  return startIntervalJob(log, 'field job', intervalMs, async () => {
    const reduced = await reduceOldStamps(app.db);
    const geocoded = app.config.geocoderUrl ? await geocodePending(app.db, app.config.geocoderUrl) : 0;
    return reduced >= 500 || geocoded >= BATCH;
  });
}
