// Payroll generation at scale: POST payrolls (one transaction: lock, one SELECT of the candidate
// lines with their pay rules and order totals, the values computed, one INSERT of them all, audit)
// through app.inject() for one company over a period holding about BENCH_PAYROLL_ORDERS (10,000)
// completed orders, on a throwaway PostgreSQL cluster and on PGlite.
// Each run generates, then deletes the (unpaid) payroll so the next run finds the same orders.
// Run: node --import tsx bench/src/payroll-generate.ts [postgres|pglite ...]   (npm run bench payroll-generate)
import { sql } from 'drizzle-orm';
import { generateOrders } from './generate-orders.ts';
import { percentile } from './lib.ts';
import { benchApp, benchToken, databaseKinds, firstRow, withDatabase } from './setup.ts';

const target = Number(process.env.BENCH_PAYROLL_ORDERS ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 5);
// The generator spreads orders over 3 companies, one every 5 minutes, ~97% of them completed:
// this many orders give the first company `target` completed ones in well under a year.
const orders = Math.ceil((target * 3) / 0.9);

async function bench(kind: string) {
  await withDatabase(kind, async (database) => {
    const g = await generateOrders(database, { orders, customers: 5_000 });
    // Worker lines start unpaid here, as they would before the first payroll.
    await database.db.execute(
      sql`UPDATE invoice_workers SET paid_at = NULL WHERE organization_id = ${g.organizationId}`,
    );
    const pick = <T>(query: ReturnType<typeof sql>) => firstRow<T>(database, query);
    // The period: from the day of the company's target-th latest completed order to today (São Paulo).
    const period = await pick<{ company: number; start: string; end: string }>(sql`
      WITH c AS (SELECT min(id) AS id FROM companies WHERE organization_id = ${g.organizationId}),
      f AS (SELECT i.finished_at FROM invoices i, c WHERE i.organization_id = ${g.organizationId}
              AND i.company_id = c.id AND i.state = 20 ORDER BY i.finished_at DESC OFFSET ${target - 1} LIMIT 1)
      SELECT (SELECT id FROM c) AS company,
             to_char((f.finished_at AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS start,
             to_char((now() AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS "end" FROM f`);
    const { n } = await pick<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM invoices WHERE organization_id = ${g.organizationId} AND company_id = ${period.company}
        AND state = 20 AND finished_at >= (${period.start}::date::timestamp AT TIME ZONE 'America/Sao_Paulo')`);
    console.log(
      `\n### ${kind}: ${g.orders} orders generated in ${g.seconds} s; period ${period.start} to ${period.end}: ${n} completed orders of one company`,
    );

    const app = await benchApp(database);
    const token = await benchToken(app, g);
    const headers = { authorization: `Bearer ${token}` };
    const url = `/api/organizations/${g.organizationId}/payrolls`;
    const times: number[] = [];
    let lines = 0;
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url,
        headers,
        payload: { company: period.company, startDate: period.start, endDate: period.end },
      });
      times.push(performance.now() - t0);
      if (res.statusCode !== 201) throw new Error(`generate: ${res.statusCode} ${res.body}`);
      lines = res.json().lines;
      const del = await app.inject({ method: 'DELETE', url: `${url}/${res.json().id}`, headers });
      if (del.statusCode !== 204) throw new Error(`delete: ${del.statusCode} ${del.body}`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${kind} | ${n} orders, ${lines} lines | p50 ${percentile(times, 50).toFixed(0)} ms | max ${times.at(-1)!.toFixed(0)} ms | ${runs} runs |`,
    );
    await app.close();
  });
}

for (const kind of databaseKinds()) await bench(kind);
