// Adds estimates to an organization filled by generate-orders.ts: 100,000 quotes over its customers,
// in every status, each with a service line (and a tag on some), written with INSERT ... SELECT
// generate_series. As a library: generateEstimates(database, organizationId) (bench/src/estimate-list.ts).
// As a script, after generate-orders.ts into the same database:
//   DATA_DIR=/tmp/big node --import tsx bench/src/generate-estimates.ts <organizationId> [estimates]
import { pathToFileURL } from 'node:url';
import { migrate, openDatabase, type Database } from '@ordem-certa/db';

export async function generateEstimates(database: Database, organizationId: number, estimates = 100_000) {
  const t0 = performance.now();
  const org = organizationId;
  await database.rawTransaction(async (raw) => {
    await raw.exec(`
      CREATE TEMP TABLE bench_est_ref ON COMMIT DROP AS SELECT
        (SELECT array_agg(id ORDER BY id) FROM customers WHERE organization_id = ${org}) AS customers,
        (SELECT array_agg(id ORDER BY id) FROM companies WHERE organization_id = ${org}) AS companies,
        (SELECT array_agg(id ORDER BY id) FROM transaction_natures WHERE organization_id = ${org}) AS natures,
        (SELECT min(id) FROM services WHERE organization_id = ${org}) AS service,
        (SELECT min(id) FROM users WHERE organization_id = ${org} AND role = 'ROLE_ADMIN') AS admin;
      INSERT INTO estimates (organization_id, number, company_id, customer_id, transaction_nature_id, status,
                             subtotal_cents, created_by_id, created_at, updated_at)
        SELECT ${org}, g, r.companies[1 + g % array_length(r.companies, 1)],
               r.customers[1 + (g * 7907) % array_length(r.customers, 1)], r.natures[1 + g % array_length(r.natures, 1)],
               CASE WHEN g > ${estimates} - 500 THEN (ARRAY[0, 1, 1])[1 + g % 3]
                    WHEN g % 5 = 0 THEN -1 ELSE 10 END,
               (1 + g % 3) * 25000, r.admin,
               now() - (${estimates} - g) * interval '7 minutes', now() - (${estimates} - g) * interval '7 minutes'
        FROM generate_series(1, ${estimates}) g CROSS JOIN bench_est_ref r;
      INSERT INTO estimate_services (organization_id, estimate_id, service_id, item_number, name, quantity, price_cents, is_grouped)
        SELECT ${org}, e.id, s.id, 1, s.name, 1 + e.number % 3, 25000, e.number % 2 = 0
        FROM estimates e CROSS JOIN bench_est_ref r JOIN services s ON s.id = r.service
        WHERE e.organization_id = ${org};
      INSERT INTO estimate_tags (organization_id, estimate_id, tag_id)
        SELECT ${org}, e.id, t.id FROM estimates e
        JOIN (SELECT min(id) AS id FROM tags WHERE organization_id = ${org}) t ON true
        WHERE e.organization_id = ${org} AND e.number % 10 = 0;
      INSERT INTO counters (organization_id, name, value) VALUES (${org}, 'estimate', ${estimates})
        ON CONFLICT (organization_id, name) DO UPDATE SET value = excluded.value;`);
  });
  // PGlite has no autovacuum: without this the visibility map is empty and counts read every row.
  await database.exec('VACUUM ANALYZE estimates, estimate_services, estimate_tags');
  return { estimates, seconds: +((performance.now() - t0) / 1000).toFixed(1) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [organizationId, estimates] = process.argv.slice(2).map(Number);
  if (!organizationId) throw new Error('usage: generate-estimates.ts <organizationId> [estimates]');
  const database = await openDatabase(
    process.env.DATABASE_URL
      ? { databaseUrl: process.env.DATABASE_URL }
      : { dataDir: `${process.env.DATA_DIR ?? './data'}/pgdata` },
  );
  await migrate(database);
  console.log(await generateEstimates(database, organizationId, estimates || undefined));
  await database.close();
}
