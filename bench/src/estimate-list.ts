// The estimate list at scale: p50/p95 of the first page of GET estimates through app.inject()
// (routing, access check, validation, queries, serialization), on an organization of 100,000
// estimates and 20,000 customers, on a throwaway PostgreSQL cluster and on embedded PGlite.
// Run: node --import tsx bench/src/estimate-list.ts [postgres|pglite ...]   (npm run bench estimate-list)
// BENCH_ESTIMATES, BENCH_CUSTOMERS and BENCH_RUNS change the sizes.
import { sql } from 'drizzle-orm';
import { migrate, openDatabase, type Database } from '@oficina/db';
import { buildApp } from '../../apps/server/src/app.ts';
import { startCluster, type Cluster } from '../../apps/server/test/postgres-cluster.ts';
import { generateOrders } from './generate-orders.ts';
import { generateEstimates } from './generate-estimates.ts';
import { measure } from './lib.ts';

const estimates = Number(process.env.BENCH_ESTIMATES ?? 100_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const runs = Number(process.env.BENCH_RUNS ?? 50);
const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['postgres', 'pglite'];

async function bench(kind: string) {
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
    // Customers, companies and catalogue from the order generator (few orders: they are not measured here).
    const g = await generateOrders(database, { orders: 2_000, customers });
    const e = await generateEstimates(database, g.organizationId, estimates);
    console.log(`\n### ${kind}: ${e.estimates} estimates over ${g.customers} customers generated in ${e.seconds} s`);
    const app = await buildApp({
      database,
      serveWeb: false,
      config: { jwtSecret: 'bench', tokenTtlSeconds: 3600, loginRateLimitPerMinute: 1000, dataDir: '/tmp' },
    });
    await app.ready();
    const admin = await app.tokens.sign({
      id: g.adminId,
      name: 'Bench',
      email: g.adminEmail,
      role: 'ROLE_ADMIN',
      organizationId: g.organizationId,
    });
    const [{ customerId } = { customerId: 0 }] = (
      (await database.db.execute(
        sql`SELECT customer_id AS "customerId" FROM estimates WHERE organization_id = ${g.organizationId} AND number = 4242`,
      )) as unknown as { rows: Array<{ customerId: number }> }
    ).rows;
    const base = `/api/organizations/${g.organizationId}/estimates`;
    const scenarios: Array<[string, string]> = [
      ['no filter', ''],
      ['q = customer name fragment "nogueira"', '?q=nogueira'],
      ['q = full customer name "Larissa Costa"', `?q=${encodeURIComponent('Larissa Costa')}`],
      ['q = estimate number 54321', '?q=54321'],
      ['q = no match', '?q=xyzwq'],
      ['statuses Draft + Wip', '?statuses=0&statuses=1'],
      ['statuses Completed, q = "silva"', '?statuses=10&q=silva'],
      ['customer (customer page tab)', `?customer=${customerId}`],
    ];
    const results = [];
    for (const [label, qs] of scenarios) {
      const call = async () => {
        const res = await app.inject({ url: base + qs, headers: { authorization: `Bearer ${admin}` } });
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
        return res;
      };
      const first = (await call()).json() as { meta: { total: number }; data: unknown[] };
      const r = await measure(`${kind} · ${label}`, runs, call);
      results.push({ ...r, total: first.meta.total, rows: first.data.length });
    }
    console.log('\n| scenario | rows / total | p50 ms | p95 ms |\n|---|---|---|---|');
    for (const r of results) console.log(`| ${r.label} | ${r.rows} / ${r.total} | ${r.p50} | ${r.p95} |`);
    await app.close();
  } finally {
    await database.close();
    cluster?.stop();
  }
}

for (const kind of kinds) await bench(kind);
