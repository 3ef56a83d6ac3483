import { sql } from 'drizzle-orm';
import type { Db } from '@ordem-certa/db';
import { queryRows } from './sql.ts';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * Counts one hit of `key` in a fixed window of `windowMs` (the first hit opens it) and answers the
 * count in the current window, atomically (INSERT … ON CONFLICT DO UPDATE).
 */
export async function countHit(db: Db, key: string, windowMs: number) {
  const [row] = await queryRows<{ hits: number; ttl: number }>(
    db,
    sql`
    INSERT INTO rate_limits AS r (key, hits, expires_at)
    VALUES (${key}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.expires_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
      expires_at = CASE WHEN r.expires_at <= clock_timestamp() THEN excluded.expires_at ELSE r.expires_at END
    RETURNING hits, greatest(0, ceil(extract(epoch FROM expires_at - clock_timestamp()) * 1000))::integer AS ttl`,
  );
  return { current: Number(row!.hits), ttl: Number(row!.ttl) };
}

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (table rate_limits), so a client's
 * requests count the same whichever instance answers them. Fixed windows: the first hit opens a
 * window of `timeWindow` ms; later hits in it add one; a hit after it opens a new one. One
 * statement per request, atomic under concurrency (INSERT … ON CONFLICT DO UPDATE).
 */
export function postgresRateLimitStore(db: Db) {
  let calls = 0;
  class PostgresRateLimitStore {
    constructor(
      _params?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      const id = this.prefix + key;
      const run = async () => {
        // Expired windows are swept now and then by whichever instance is counting.
        if (++calls % 500 === 0) await db.execute(sql`DELETE FROM rate_limits WHERE expires_at < now()`);
        return countHit(db, id, timeWindow);
      };
      run().then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    /** The plugin passes the route's merged options, with the route itself under routeInfo. */
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${this.prefix}${route.method ?? ''}${route.url ?? ''}-`);
    }
  }
  return PostgresRateLimitStore;
}
