// The service-order list at scale: p50/p95 of the first page of GET invoices/filter through
// app.inject() (routing, auth, validation, queries, serialization), on an organization of 100,000
// orders and 20,000 customers, on a throwaway PostgreSQL cluster and on embedded PGlite.
// Run: node --import tsx bench/src/invoice-list.ts [postgres|pglite ...]   (npm run bench invoice-list)
// BENCH_ORDERS, BENCH_CUSTOMERS and BENCH_RUNS change the sizes.
import { sql } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import { generateOrders } from './generate-orders.ts';
import { benchApp, benchToken, databaseKinds, firstRow, timeListScenarios, withDatabase } from './setup.ts';

const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const runs = Number(process.env.BENCH_RUNS ?? 50);

async function bench(kind: string) {
  await withDatabase(kind, async (database) => {
    const g = await generateOrders(database, { orders, customers });
    console.log(`\n### ${kind}: ${g.orders} orders, ${g.customers} customers generated in ${g.seconds} s`);
    const app = await benchApp(database);
    const admin = await benchToken(app, g);
    const tech = await benchToken(app, g, { id: g.technicianId, email: g.technicianEmail, role: 'ROLE_USER' });

    const pick = <T>(query: ReturnType<typeof sql>) => firstRow<T>(database, query);
    const { completed } = await pick<{ completed: number }>(
      sql`SELECT id AS completed FROM invoice_statuses WHERE organization_id = ${g.organizationId} AND state = ${InvoiceState.Completed}`,
    );
    const { blocked } = await pick<{ blocked: number }>(
      sql`SELECT min(id) AS blocked FROM invoice_statuses WHERE organization_id = ${g.organizationId} AND state = ${InvoiceState.Blocked}`,
    );
    const { customerId } = await pick<{ customerId: number }>(
      sql`SELECT customer_id AS "customerId" FROM invoices WHERE organization_id = ${g.organizationId} AND number = 4242`,
    );

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
    await timeListScenarios(
      app,
      kind,
      `/api/organizations/${g.organizationId}/invoices/filter`,
      runs,
      scenarios.map(([label, token, qs]) => ({ label, token, qs })),
    );
    await app.close();
  });
}

for (const kind of databaseKinds()) await bench(kind);
