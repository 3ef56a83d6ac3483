// The estimate list at scale: p50/p95 of the first page of GET estimates through app.inject()
// (routing, access check, validation, queries, serialization), on an organization of 100,000
// estimates and 20,000 customers, on a throwaway PostgreSQL cluster and on embedded PGlite.
// Run: node --import tsx bench/src/estimate-list.ts [postgres|pglite ...]   (npm run bench estimate-list)
// BENCH_ESTIMATES, BENCH_CUSTOMERS and BENCH_RUNS change the sizes.
import { sql } from 'drizzle-orm';
import { generateOrders } from './generate-orders.ts';
import { generateEstimates } from './generate-estimates.ts';
import { benchApp, benchToken, databaseKinds, timeListScenarios, withDatabase } from './setup.ts';

const estimates = Number(process.env.BENCH_ESTIMATES ?? 100_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const runs = Number(process.env.BENCH_RUNS ?? 50);

async function bench(kind: string) {
  await withDatabase(kind, async (database) => {
    // Customers, companies and catalogue from the order generator (few orders: they are not measured here).
    const g = await generateOrders(database, { orders: 2_000, customers });
    const e = await generateEstimates(database, g.organizationId, estimates);
    console.log(`\n### ${kind}: ${e.estimates} estimates over ${g.customers} customers generated in ${e.seconds} s`);
    const app = await benchApp(database);
    const admin = await benchToken(app, g);
    const [{ customerId } = { customerId: 0 }] = (
      (await database.db.execute(
        sql`SELECT customer_id AS "customerId" FROM estimates WHERE organization_id = ${g.organizationId} AND number = 4242`,
      )) as unknown as { rows: Array<{ customerId: number }> }
    ).rows;
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
    await timeListScenarios(
      app,
      kind,
      `/api/organizations/${g.organizationId}/estimates`,
      runs,
      scenarios.map(([label, qs]) => ({ label, token: admin, qs })),
    );
    await app.close();
  });
}

for (const kind of databaseKinds()) await bench(kind);
