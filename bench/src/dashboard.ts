// The owner's dashboard at scale: GET dashboard through app.inject() (routing, access check, queries,
// serialization) on an organization of 100,000 orders with their payments, instalments, ratings and
// technicians' stamps, and 20,000 estimates, on a throwaway PostgreSQL cluster and on embedded PGlite.
// Prints the first read after the app starts (cold) and p50/p97.5 of repeated reads, beside the target
// (p97.5 ≤ 100 ms), for the admin and for a role without price.see; then the same right after a write
// (an order's comment on the orders' table versions), which a kept answer cannot serve.
// Run: node --import tsx bench/src/dashboard.ts [postgres|pglite ...]   (npm run bench dashboard)
// BENCH_ORDERS, BENCH_CUSTOMERS, BENCH_ESTIMATES and BENCH_RUNS change the sizes; BENCH_EXPLAIN=1 prints
// EXPLAIN ANALYZE of each of the dashboard's statements.
import { sql } from 'drizzle-orm';
import type { Database } from '@ordem-certa/db';
import { generateOrders } from './generate-orders.ts';
import { generateEstimates } from './generate-estimates.ts';
import { percentile } from './lib.ts';
import { benchApp, benchToken, databaseKinds, withDatabase } from './setup.ts';

const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const estimates = Number(process.env.BENCH_ESTIMATES ?? 20_000);
const runs = Number(process.env.BENCH_RUNS ?? 40);
const TARGET_MS = 100;

/**
 * What a shop of that size has besides its orders: a payment for each paid order on its payment date,
 * two instalments (one received) for every tenth completed order, an answered rating for two in five
 * completed orders, and each completed order's 'Iniciar' and 'Saí' stamps by its first technician.
 */
async function generateMoneyAndField(database: Database, org: number) {
  const t0 = performance.now();
  await database.rawTransaction(async (raw) => {
    await raw.exec(`
      INSERT INTO invoice_payments (organization_id, invoice_id, amount_cents, method, paid_at)
        SELECT organization_id, id, greatest(subtotal_cents, 1), 'pix', payment_date
          FROM invoices WHERE organization_id = ${org} AND is_paid;
      INSERT INTO receivables (organization_id, invoice_id, amount_cents, due_date, method, installment_number, installment_count)
        SELECT organization_id, id, greatest(subtotal_cents / 2, 1), (finished_at + n * interval '30 days')::date, 'boleto', n, 2
          FROM invoices CROSS JOIN generate_series(1, 2) n
         WHERE organization_id = ${org} AND state = 20 AND NOT is_paid;
      INSERT INTO invoice_payments (organization_id, invoice_id, amount_cents, method, paid_at, receivable_id)
        SELECT organization_id, invoice_id, amount_cents, 'boleto', due_date, id
          FROM receivables WHERE organization_id = ${org} AND installment_number = 1 AND due_date < now()::date;
      UPDATE receivables r SET payment_id = p.id FROM invoice_payments p
       WHERE p.receivable_id = r.id AND r.organization_id = ${org};
      INSERT INTO order_ratings (organization_id, invoice_id, token, asked_at, score, answered_at)
        SELECT organization_id, id, 'bench-' || id, finished_at,
               CASE WHEN number % 5 < 2 THEN (number * 7) % 11 END,
               CASE WHEN number % 5 < 2 THEN finished_at + interval '6 hours' END
          FROM invoices WHERE organization_id = ${org} AND state = 20;
      INSERT INTO field_stamps (organization_id, invoice_id, user_id, kind, device_at, received_at)
        SELECT i.organization_id, i.id, w.worker_id, k.kind, k.at, k.at
          FROM invoices i
          JOIN LATERAL (SELECT worker_id FROM invoice_workers WHERE invoice_id = i.id ORDER BY id LIMIT 1) w ON true
          CROSS JOIN LATERAL (VALUES ('start', i.started_at), ('leave', i.started_at + interval '95 minutes')) k(kind, at)
         WHERE i.organization_id = ${org} AND i.state = 20;`);
  });
  await database.exec('VACUUM ANALYZE');
  return +((performance.now() - t0) / 1000).toFixed(1);
}

async function bench(kind: string) {
  await withDatabase(kind, async (database) => {
    const g = await generateOrders(database, { orders, customers });
    const e = await generateEstimates(database, g.organizationId, estimates);
    const extra = await generateMoneyAndField(database, g.organizationId);
    const [counts] = (
      (await database.db.execute(sql`SELECT
          (SELECT count(*) FROM invoice_payments WHERE organization_id = ${g.organizationId}) AS payments,
          (SELECT count(*) FROM receivables WHERE organization_id = ${g.organizationId}) AS receivables,
          (SELECT count(*) FROM order_ratings WHERE organization_id = ${g.organizationId} AND answered_at IS NOT NULL) AS ratings,
          (SELECT count(*) FROM field_stamps WHERE organization_id = ${g.organizationId}) AS stamps`)) as unknown as {
        rows: Array<Record<string, string>>;
      }
    ).rows;
    console.log(
      `\n### ${kind}: ${g.orders} orders, ${e.estimates} estimates, ${counts!.payments} payments, ${counts!.receivables} instalments, ` +
        `${counts!.ratings} answered ratings, ${counts!.stamps} stamps generated in ${+(g.seconds + e.seconds + extra).toFixed(1)} s`,
    );
    const app = await benchApp(database);
    const admin = await benchToken(app, g);
    const url = `/api/organizations/${g.organizationId}/dashboard`;
    const read = async (token: string) => {
      const t0 = performance.now();
      const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`dashboard: ${res.statusCode} ${res.body}`);
      return ms;
    };
    const line = (label: string, times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      const p975 = percentile(sorted, 97.5);
      console.log(
        `${kind.padEnd(8)} ${label.padEnd(40)} n=${String(times.length).padEnd(3)} p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p97.5 ${p975.toFixed(1).padStart(7)} ms  target p97.5 ≤ ${TARGET_MS} ms ${p975 <= TARGET_MS ? 'yes' : 'NO'}`,
      );
    };
    line('first read after start (cold)', [await read(admin)]);
    const repeated: number[] = [];
    for (let i = 0; i < runs; i++) repeated.push(await read(admin));
    line('repeated reads (admin)', repeated);
    // After a write each time: what a read costs when nothing kept can answer it.
    const afterWrite: number[] = [];
    for (let i = 0; i < Math.min(runs, 20); i++) {
      await database.db.execute(
        sql`UPDATE invoices SET updated_at = now() WHERE organization_id = ${g.organizationId} AND number = ${1 + i}`,
      );
      afterWrite.push(await read(admin));
    }
    line('each read right after a write to orders', afterWrite);
    if (process.env.BENCH_EXPLAIN) {
      const { dashboardStatements } = await import('../../apps/server/src/modules/dashboard/dashboard.service.ts');
      for (const [name, statement] of await dashboardStatements(database.db, g.organizationId)) {
        const plan = (await database.db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`)) as unknown as {
          rows: Array<Record<string, string>>;
        };
        console.log(`\n#### ${kind} · ${name}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
      }
    }
    await app.close();
  });
}

for (const kind of databaseKinds()) await bench(kind);
