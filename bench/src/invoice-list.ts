// The service-order list at scale: p50/p95 of the first page of GET invoices/filter through
// app.inject() (routing, auth, validation, queries, serialization), on an organization of 100,000
// orders and 20,000 customers, on a throwaway PostgreSQL cluster and on embedded PGlite.
// Run: node --import tsx bench/src/invoice-list.ts [postgres|pglite ...]   (npm run bench invoice-list)
// BENCH_ORDERS, BENCH_CUSTOMERS and BENCH_RUNS change the sizes.
import { sql } from 'drizzle-orm';
import { InvoiceState } from '@oficina/contracts';
import { migrate, openDatabase, type Database } from '@oficina/db';
import { buildApp } from '../../apps/server/src/app.ts';
import { startCluster, type Cluster } from '../../apps/server/test/postgres-cluster.ts';
import { generateOrders } from './generate-orders.ts';
import { measure } from './lib.ts';

const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
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
    const g = await generateOrders(database, { orders, customers });
    console.log(`\n### ${kind}: ${g.orders} orders, ${g.customers} customers generated in ${g.seconds} s`);
    const app = await buildApp({
      database,
      serveWeb: false,
      config: { jwtSecret: 'bench', tokenTtlSeconds: 3600, loginRateLimitPerMinute: 1000, dataDir: '/tmp' },
    });
    await app.ready();
    const sign = (id: number, email: string, role: string) =>
      app.tokens.sign({ id, name: 'Bench', email, role, organizationId: g.organizationId });
    const admin = await sign(g.adminId, g.adminEmail, 'ROLE_ADMIN');
    const tech = await sign(g.technicianId, g.technicianEmail, 'ROLE_USER');

    const pick = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
    const { completed } = await pick<{ completed: number }>(
      sql`SELECT id AS completed FROM invoice_statuses WHERE organization_id = ${g.organizationId} AND state = ${InvoiceState.Completed}`,
    );
    const { blocked } = await pick<{ blocked: number }>(
      sql`SELECT min(id) AS blocked FROM invoice_statuses WHERE organization_id = ${g.organizationId} AND state = ${InvoiceState.Blocked}`,
    );
    const { customerId } = await pick<{ customerId: number }>(
      sql`SELECT customer_id AS "customerId" FROM invoices WHERE organization_id = ${g.organizationId} AND number = 4242`,
    );

    const base = `/api/organizations/${g.organizationId}/invoices/filter`;
    const scenarios: Array<[string, string, string]> = [
      ['admin, no filter', admin, ''],
      ['admin, q = customer name fragment "nogueira"', admin, '?q=nogueira'],
      ['admin, q = full customer name "Larissa Costa"', admin, `?q=${encodeURIComponent('Larissa Costa')}`],
      ['admin, q = order number 54321', admin, '?q=54321'],
      ['admin, q = no match', admin, '?q=xyzwq'],
      ['admin, status Completed + isPaid', admin, `?status=${completed}&isPaid=true`],
      ['admin, status Blocked + isNotPaid', admin, `?status=${blocked}&isNotPaid=true`],
      ['admin, customer (customer page tab)', admin, `?customer=${customerId}`],
      ['admin, worker filter', admin, `?worker=${g.technicianId}`],
      ['collaborator, no filter', tech, ''],
      ['collaborator, q = "silva"', tech, '?q=silva'],
      ['collaborator, status Completed + isNotPaid', tech, `?status=${completed}&isNotPaid=true`],
    ];
    const results = [];
    for (const [label, token, qs] of scenarios) {
      const call = async () => {
        const res = await app.inject({ url: base + qs, headers: { authorization: `Bearer ${token}` } });
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
