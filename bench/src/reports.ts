// Every report at scale: p50/p95 of POST reports/{report}/data (and the CSV of the largest) through
// app.inject() (routing, auth, filter checks, the query, serialization) on an organization of
// 100,000 orders, 20,000 customers and 20,000 estimates (a fifth of them converted), over the widest
// period a report accepts (the last 12 months, which holds every generated order), on a throwaway
// PostgreSQL cluster and on embedded PGlite. The target: each report within 1 s on PGlite.
// Run: node --import tsx bench/src/reports.ts [postgres|pglite ...]   (npm run bench reports)
// BENCH_ORDERS, BENCH_CUSTOMERS and BENCH_RUNS change the sizes.
import { sql } from 'drizzle-orm';
import { migrate, openDatabase, type Database } from '@oficina/db';
import { buildApp } from '../../apps/server/src/app.ts';
import { startCluster, type Cluster } from '../../apps/server/test/postgres-cluster.ts';
import { generateOrders } from './generate-orders.ts';
import { measure } from './lib.ts';

const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const runs = Number(process.env.BENCH_RUNS ?? 10);
const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['postgres', 'pglite'];

/** Estimates spread over the same year as the orders; every fifth order is linked to one. */
async function generateEstimates(database: Database, organizationId: number, count: number) {
  await database.db.execute(sql`
    INSERT INTO estimates (organization_id, number, company_id, customer_id, transaction_nature_id, status,
                           subtotal_cents, created_at, updated_at)
    SELECT ${organizationId}, g, i.company_id, i.customer_id, i.transaction_nature_id,
           (ARRAY[0, 1, 10, 10, -1])[1 + g % 5], i.subtotal_cents, i.created_at - interval '2 days', i.created_at
      FROM generate_series(1, ${count}) g
      JOIN invoices i ON i.organization_id = ${organizationId} AND i.number = g * 5`);
  await database.db.execute(sql`
    UPDATE invoices i SET estimate_id = e.id FROM estimates e
     WHERE e.organization_id = ${organizationId} AND i.organization_id = ${organizationId} AND i.number = e.number * 5`);
  await database.db.execute(sql`ANALYZE estimates`);
  await database.db.execute(sql`ANALYZE invoices`);
}

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
    const g = await generateOrders(database, { orders, customers });
    await generateEstimates(database, g.organizationId, Math.floor(orders / 5));
    console.log(
      `\n### ${kind}: ${g.orders} orders, ${g.customers} customers, ${orders / 5} estimates (${g.seconds} s)`,
    );
    const app = await buildApp({
      database,
      serveWeb: false,
      config: { jwtSecret: 'bench', tokenTtlSeconds: 3600, loginRateLimitPerMinute: 1000, dataDir: '/tmp' },
    });
    await app.ready();
    const token = await app.tokens.sign({
      id: g.adminId,
      name: 'Bench',
      email: g.adminEmail,
      role: 'ROLE_ADMIN',
      organizationId: g.organizationId,
    });
    const base = `/api/organizations/${g.organizationId}/reports`;
    const headers = { authorization: `Bearer ${token}` };
    const { data: reports } = (await app.inject({ url: base, headers })).json() as {
      data: Array<{ name: string; title: string }>;
    };
    const results = [];
    for (const report of reports) {
      // The form's defaults: the last 12 months, the widest period allowed.
      const def = (await app.inject({ url: `${base}/${report.name}/filters`, headers })).json() as {
        filters: Array<{ name: string; default?: string }>;
      };
      const body = Object.fromEntries(def.filters.map((f) => [f.name, f.default ?? '']));
      const call = async (format = 'data') => {
        const res = await app.inject({
          method: 'POST',
          url: `${base}/${report.name}/${format}`,
          headers,
          payload: body,
        });
        if (res.statusCode !== 200) throw new Error(`${report.name}: ${res.statusCode} ${res.body}`);
        return res;
      };
      const first = (await call()).json() as { total: number; body: unknown[] };
      const r = await measure(`${kind} · ${report.name}`, runs, call);
      results.push({ ...r, total: first.total, rows: first.body.length });
      if (report.name === 'receivables') {
        const csv = await measure(`${kind} · ${report.name} (CSV)`, runs, () => call('csv'));
        results.push({ ...csv, total: first.total, rows: first.body.length });
      }
    }
    console.log('\n| report | rows shown / total | p50 ms | p95 ms |\n|---|---|---|---|');
    for (const r of results) console.log(`| ${r.label} | ${r.rows} / ${r.total} | ${r.p50} | ${r.p95} |`);
    await app.close();
  } finally {
    await database.close();
    cluster?.stop();
  }
}

for (const kind of kinds) await bench(kind);
