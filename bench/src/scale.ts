// The scale on paper: 1,000 organizations and 1,000,000 orders in one PostgreSQL database, and how the
// order list answers for a small, a middle-sized and the largest organization among them.
// Run: npm run bench scale        or: node --import tsx bench/src/scale.ts
//   SCALE_ORGS (1000) organizations, SCALE_ORDERS (1,000,000) orders in all, SCALE_LARGEST (100,000)
//   of them in the largest organization; the others get sizes spread log-uniformly (a few hundred
//   orders for most, a few thousand for some), scaled to the total. SCALE_SECONDS (5) per
//   concurrent run. SCALE_HOLD=1 keeps the cluster up after the figures (its URL is printed) until
//   the process is interrupted, to look at plans with psql.
//
// A throwaway PostgreSQL 15 cluster (as the tests start) gets the data through generate-orders.ts
// (each organization with its customers, equipment, lines, workers, comments and tags), then one
// VACUUM ANALYZE, as autovacuum would leave it. The real server process serves
// GET /api/organizations/:id/invoices/filter; for each chosen organization it is asked the first
// page 200 times in a row (1 client: p50/p95) and then by 16 clients at once for SCALE_SECONDS
// (req/s, p95), with and without a search. Loopback, one machine: the database, the server and this
// script share its cores. A benchmark, not a test.
import { availableParallelism } from 'node:os';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '@ordem-certa/test-support/postgres-cluster';
import { startServerProcess, type ServerProcess } from '@ordem-certa/test-support/server-process';
import { BENCH_PASSWORD, generateOrders, type Generated } from './generate-orders.ts';
import { migratedDatabase, percentile } from './lib.ts';

const orgCount = Number(process.env.SCALE_ORGS ?? 1000);
const totalOrders = Number(process.env.SCALE_ORDERS ?? 1_000_000);
const largest = Number(process.env.SCALE_LARGEST ?? 100_000);
const seconds = Number(process.env.SCALE_SECONDS ?? 5);

/** Sizes of the other organizations: log-uniform between 30 and 5,000 orders, scaled so all add up. */
function otherSizes(count: number, orders: number): number[] {
  let seed = 42;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const raw = Array.from({ length: count }, () => Math.exp(Math.log(30) + random() * (Math.log(5000) - Math.log(30))));
  const scale = orders / raw.reduce((s, x) => s + x, 0);
  const sizes = raw.map((x) => Math.max(10, Math.round(x * scale)));
  sizes[0]! += orders - sizes.reduce((s, x) => s + x, 0);
  return sizes;
}

async function timed(url: string, token: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t0;
}

async function sequential(url: string, token: string, n: number) {
  for (let k = 0; k < 10; k++) await timed(url, token);
  const times: number[] = [];
  for (let k = 0; k < n; k++) times.push(await timed(url, token));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function concurrent(url: string, token: string, clients: number, ms: number) {
  const times: number[] = [];
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) times.push(await timed(url, token));
    }),
  );
  times.sort((a, b) => a - b);
  return { rps: times.length / (ms / 1000), p95: percentile(times, 95) };
}

const cluster = await startCluster();
const dataDir = mkdtempSync(join(tmpdir(), 'oficina-bench-scale-'));
let server: ServerProcess | undefined;
try {
  const { url, database } = await migratedDatabase(cluster, 'scale');

  const t0 = performance.now();
  const sizes = [largest, ...otherSizes(orgCount - 1, totalOrders - largest)];
  const orgs: Generated[] = [];
  for (const [k, orders] of sizes.entries()) {
    orgs.push(
      await generateOrders(database, {
        orders,
        customers: Math.max(20, Math.round(orders / 5)),
        technicians: orders > 10_000 ? 15 : 3,
        skipAnalyze: true,
      }),
    );
    if ((k + 1) % 100 === 0) console.log(`  ${k + 1} organizations, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  await database.exec('VACUUM ANALYZE');
  // Written out now, so the measurements below do not share the disk and a core with the checkpoint
  // of two gigabytes of fresh pages.
  await database.exec('CHECKPOINT');
  const [counts] = await database.rawTransaction((raw) =>
    raw.query<{ orgs: number; orders: number; customers: number; lines: number; size: string }>(
      `SELECT (SELECT count(*)::int FROM organizations) AS orgs, (SELECT count(*)::int FROM invoices) AS orders,
              (SELECT count(*)::int FROM customers) AS customers,
              (SELECT count(*)::int FROM invoice_services) + (SELECT count(*)::int FROM invoice_products) AS lines,
              pg_size_pretty(pg_database_size(current_database())) AS size`,
    ),
  );
  await database.close();
  const generatedIn = (performance.now() - t0) / 1000;
  console.log(
    `${counts!.orgs} organizations, ${counts!.orders} orders, ${counts!.customers} customers, ${counts!.lines} order lines, ` +
      `database ${counts!.size}, generated and analyzed in ${generatedIn.toFixed(0)} s`,
  );

  server = await startServerProcess({ DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: '' });
  const bySize = [...orgs].sort((a, b) => a.orders - b.orders);
  const picks = [
    { label: 'smallest', g: bySize[0]! },
    { label: 'median', g: bySize[Math.floor(bySize.length / 2)]! },
    { label: 'largest', g: bySize[bySize.length - 1]! },
  ];
  const tokens = new Map<Generated, string>();
  for (const { g } of picks) {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: g.adminEmail, password: BENCH_PASSWORD }),
    });
    tokens.set(g, ((await login.json()) as { token: string }).token);
  }
  // Warm-up over all three (JIT, the pool's connections, their prepared statements), so the first
  // organization measured does not pay for it.
  const listOf = (g: Generated, query = '') =>
    `${server!.url}/api/organizations/${g.organizationId}/invoices/filter${query}`;
  await Promise.all(
    picks.flatMap(({ g }) => [
      concurrent(listOf(g), tokens.get(g)!, 4, 3000),
      concurrent(listOf(g, '?q=silva'), tokens.get(g)!, 2, 3000),
    ]),
  );
  const rows: string[] = [];
  for (const { label, g } of picks) {
    const token = tokens.get(g)!;
    for (const [what, query] of [
      ['first page', ''],
      ['search "silva"', '?q=silva'],
    ] as const) {
      const path = listOf(g, query);
      const one = await sequential(path, token, 200);
      const many = await concurrent(path, token, 16, seconds * 1000);
      rows.push(
        `| ${label} | ${g.orders.toLocaleString('en')} | ${what} | ${one.p50.toFixed(1)} | ${one.p95.toFixed(1)} | ${many.rps.toFixed(0)} | ${many.p95.toFixed(0)} |`,
      );
      console.log(rows[rows.length - 1]);
    }
  }
  console.log(
    `\n${availableParallelism()} cores; load average now: ${readFileSync('/proc/loadavg', 'utf8').trim()}\n` +
      '| organization | its orders | order list | 1 client p50 ms | 1 client p95 ms | 16 clients req/s | 16 clients p95 ms |\n' +
      '| --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const r of rows) console.log(r);
  if (process.env.SCALE_HOLD === '1') {
    console.log(`\nholding ${url} (admin of the largest: ${picks[2]!.g.adminEmail}); Ctrl-C ends`);
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  }
} finally {
  await server?.stop();
  cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
