// What the benchmarks set up the same way: the databases named on the command line, a migrated
// database on a throwaway cluster or on embedded PGlite, the app driven through inject() with an
// admin's token, a server process to wait for, and the table of timed scenarios.
import { readFileSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import { migrate, openDatabase, type Database } from '@ordem-certa/db';
import type { App } from '../../apps/server/src/app.ts';
import { freePort, startCluster, type Cluster } from '@ordem-certa/test-support/postgres-cluster';
import { measure } from './lib.ts';

export { freePort };

/**
 * The node arguments `npm run serve` starts the server with (its flags and the built bundle), read from
 * the root package.json so a benchmark measures exactly what a shop runs. `npm run bench` builds first.
 */
export const serverArgs = (): string[] => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return (pkg.scripts.serve as string).split(' ').slice(1);
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The databases a benchmark runs on: those named on the command line, else `defaults`. */
export const databaseKinds = (defaults = ['postgres', 'pglite']) =>
  process.argv.slice(2).length ? process.argv.slice(2) : defaults;

/**
 * Runs `fn` on a new, migrated database of that kind — a throwaway PostgreSQL cluster for 'postgres',
 * an in-memory PGlite otherwise — and closes both afterwards, also when `fn` throws.
 */
export async function withDatabase<T>(kind: string, fn: (database: Database) => Promise<T>): Promise<T> {
  let cluster: Cluster | undefined;
  let database: Database;
  if (kind === 'postgres') {
    cluster = await startCluster();
    database = await openDatabase({ databaseUrl: cluster.url('postgres'), poolMax: 10 });
  } else {
    database = await openDatabase({});
  }
  try {
    await migrate(database);
    return await fn(database);
  } finally {
    await database.close();
    cluster?.stop();
  }
}

/** The first row a raw SQL query answers. */
export const firstRow = async <T>(database: Database, query: SQL) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

/** The app on that database, as the tests build it (no web files), ready for inject(). */
export async function benchApp(database: Database): Promise<App> {
  // Imported here: the benchmarks that only drive a server process do not load the server's code.
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const app = await buildApp({
    database,
    serveWeb: false,
    config: { jwtSecret: 'bench', tokenTtlSeconds: 3600, loginRateLimitPerMinute: 1000, dataDir: '/tmp' },
  });
  await app.ready();
  return app;
}

/** A login token of a user of the generated organization ('Bench', an admin unless told). */
export const benchToken = (
  app: App,
  g: { organizationId: number; adminId: number; adminEmail: string },
  user: { id: number; email: string; role: string } = { id: g.adminId, email: g.adminEmail, role: 'ROLE_ADMIN' },
) => app.tokens.sign({ ...user, name: 'Bench', organizationId: g.organizationId });

/** Waits for a server process to answer `url` as `ready` expects, asking every 100 ms, `tries` times at most. */
export async function waitForServer(url: string, ready = (res: Response) => res.ok, tries = Infinity) {
  for (let i = 0; ; i++) {
    try {
      if (ready(await fetch(url))) return;
    } catch {
      // not listening yet
    }
    if (i > tries) throw new Error('server did not start');
    await sleep(100);
  }
}

/**
 * Times each scenario: one GET of `base` + its query string with its token, checked for 200 and kept
 * for the row counts, then `runs` timed ones; prints the table of p50 and p95.
 */
export async function timeListScenarios(
  app: App,
  kind: string,
  base: string,
  runs: number,
  scenarios: Array<{ label: string; token: string; qs: string }>,
) {
  const results = [];
  for (const { label, token, qs } of scenarios) {
    const call = async () => {
      const res = await app.inject({ url: base + qs, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
      return res;
    };
    const first = (await call()).json() as { meta: { total: number }; data: unknown[] };
    const r = await measure(`${kind} · ${label}`, runs, call);
    results.push({ ...r, total: first.meta.total, rows: first.data.length });
  }
  printTable('scenario', 'rows / total', results);
}

/** The markdown table of timed results with their rows shown and total. */
export function printTable(
  what: string,
  rows: string,
  results: Array<{ label: string; rows: number; total: number; p50: number; p95: number }>,
) {
  console.log(`\n| ${what} | ${rows} | p50 ms | p95 ms |\n|---|---|---|---|`);
  for (const r of results) console.log(`| ${r.label} | ${r.rows} / ${r.total} | ${r.p50} | ${r.p95} |`);
}
