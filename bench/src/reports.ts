// Every report at scale: p50/p95 of POST reports/{report}/data (and the CSV of the largest) through
// app.inject() (routing, auth, filter checks, the query, serialization) on an organization of
// 100,000 orders, 20,000 customers and 20,000 estimates (a fifth of them converted), over the widest
// period a report accepts (the last 12 months, which holds every generated order), on a throwaway
// PostgreSQL cluster and on embedded PGlite. The target: each report within 1 s on PGlite.
// Run: node --import tsx bench/src/reports.ts [postgres|pglite ...]   (npm run bench reports)
// BENCH_ORDERS, BENCH_CUSTOMERS and BENCH_RUNS change the sizes.
import { sql } from 'drizzle-orm';
import type { Database } from '@ordem-certa/db';
import { generateOrders } from './generate-orders.ts';
import { measure } from './lib.ts';
import { benchApp, benchToken, databaseKinds, printTable, withDatabase } from './setup.ts';

const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const runs = Number(process.env.BENCH_RUNS ?? 10);

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
  await withDatabase(kind, async (database) => {
    const g = await generateOrders(database, { orders, customers });
    await generateEstimates(database, g.organizationId, Math.floor(orders / 5));
    console.log(
      `\n### ${kind}: ${g.orders} orders, ${g.customers} customers, ${orders / 5} estimates (${g.seconds} s)`,
    );
    const app = await benchApp(database);
    const token = await benchToken(app, g);
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
    printTable('report', 'rows shown / total', results);
    await app.close();
  });
}

for (const kind of databaseKinds()) await bench(kind);
