import { sql } from 'drizzle-orm';
import { generatePayroll, migrate, openDatabase } from '@oficina/db';
import { startCluster } from '../../apps/server/test/postgres-cluster.ts';
import { generateOrders } from './generate-orders.ts';

const cluster = await startCluster();
const database = await openDatabase({ databaseUrl: cluster.url('postgres'), poolMax: 10 });
try {
  await migrate(database);
  const g = await generateOrders(database, { orders: 33334, customers: 5000 });
  await database.db.execute(sql`UPDATE invoice_workers SET paid_at = NULL WHERE organization_id = ${g.organizationId}`);
  await database.exec('VACUUM ANALYZE');
  const rows = ((await database.db.execute(sql`SELECT min(id) AS id FROM companies WHERE organization_id = ${g.organizationId}`)) as any).rows;
  const company = rows[0].id;
  await database.exec(`LOAD 'auto_explain'`).catch((e) => console.log('no auto_explain', String(e)));
  for (let r = 0; r < 3; r++) {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL auto_explain.log_min_duration = 0`).catch(() => {});
      const t0 = performance.now();
      const res = await generatePayroll(tx, { organizationId: g.organizationId, companyId: company, startDate: '2026-08-08', endDate: '2026-11-30', createdById: g.adminId });
      console.log('generatePayroll', (performance.now() - t0).toFixed(0), 'ms', typeof res === 'object' && res ? res.lines : res);
      const t1 = performance.now();
      const ex = ((await tx.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS) SELECT 1`))) as any).rows;
      void ex; void t1;
      throw new Error('rollback');
    }).catch((e) => { if (String(e).indexOf('rollback') < 0) throw e; });
  }
  // The statement with EXPLAIN ANALYZE, rolled back.
  await database.db.transaction(async (tx) => {
    const [p] = ((await tx.execute(sql`INSERT INTO payrolls (organization_id, company_id, start_date, end_date) VALUES (${g.organizationId}, ${company}, '2026-08-08', '2026-11-30') RETURNING id`)) as any).rows;
    const plan = ((await tx.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS)
    WITH candidates AS (
      SELECT iw.organization_id, iw.id AS invoice_worker_id, iw.invoice_id, iw.worker_id, iw.paid_at,
             u.payment_value_cents AS payment, i.is_paying_just_the_half AS half, i.payroll_bonus_cents AS bonus,
             count(*) OVER (PARTITION BY iw.invoice_id) AS workers,
             row_number() OVER (PARTITION BY iw.invoice_id ORDER BY iw.id) AS position
      FROM invoices i
      JOIN invoice_workers iw ON iw.invoice_id = i.id
      JOIN users u ON u.id = iw.worker_id
      WHERE i.organization_id = ${g.organizationId} AND i.company_id = ${company} AND i.state = 20
        AND i.finished_at >= ('2026-08-08'::date::timestamp AT TIME ZONE 'America/Sao_Paulo')
        AND i.finished_at < (('2026-11-30'::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo')
    ), inserted AS (
      INSERT INTO payroll_lines (organization_id, payroll_id, invoice_worker_id, invoice_id, worker_id, value_cents)
      SELECT organization_id, ${p.id}, invoice_worker_id, invoice_id, worker_id,
             (CASE WHEN half THEN round(payment / 2.0) ELSE payment END)::int + (bonus / workers)::int
               + CASE WHEN position <= bonus % workers THEN 1 ELSE 0 END
      FROM candidates c WHERE c.paid_at IS NULL AND NOT EXISTS (SELECT 1 FROM payroll_lines pl WHERE pl.invoice_worker_id = c.invoice_worker_id)
      RETURNING value_cents)
    SELECT count(*) FROM inserted`))) as any).rows;
    console.log(plan.map((r: any) => r['QUERY PLAN']).join('\n'));
    throw new Error('rollback');
  }).catch((e) => { if (String(e).indexOf('rollback') < 0) throw e; });
} finally {
  await database.close();
  cluster.stop();
}
