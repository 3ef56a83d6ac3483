import { and, eq, sql } from 'drizzle-orm';
import { InvoiceState } from '@oficina/contracts';
import type { Tx } from './client.ts';
import { companies, payrolls } from './schema/index.ts';

export interface PayrollPeriod {
  organizationId: number;
  companyId: number;
  /** ISO dates, both inclusive, read in the organization's time zone. */
  startDate: string;
  endDate: string;
  createdById: number | null;
}

/**
 * Generates a payroll inside the caller's transaction (the API and the demo seed share it).
 *
 * One line per worker of each Completed order of the company whose finishedAt falls in the period
 * and whose worker line is unpaid and in no payroll yet (a worker line paid some other way, e.g. in
 * imported data, is not paid twice). A line is worth the worker's payment value (half of it,
 * rounded to the nearest cent, when the order pays just the half) plus an even share of the order's
 * payroll bonus among all the order's workers; the cents that do not divide evenly go one each to the
 * workers in the order they were put on the order, so the shares always add up to the bonus.
 *
 * Two generations for the same company wait for each other on the company row; the unique index on
 * invoice_worker_id keeps a worker line in one payroll, and the insert skips the ones it already holds.
 * Returns null (and inserts nothing it keeps: the caller rolls back) when the company is not the
 * organization's, 'empty' when no line qualifies.
 */
export async function generatePayroll(tx: Tx, period: PayrollPeriod) {
  const { organizationId, companyId, startDate, endDate } = period;
  const [company] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.organizationId, organizationId)))
    .for('no key update');
  if (!company) return null;

  const [payroll] = await tx
    .insert(payrolls)
    .values({ organizationId, companyId, startDate, endDate, createdById: period.createdById })
    .returning();
  const result = (await tx.execute(sql`
    WITH candidates AS (
      SELECT iw.organization_id, iw.id AS invoice_worker_id, iw.invoice_id, iw.worker_id, iw.paid_at,
             u.payment_value_cents AS payment, i.is_paying_just_the_half AS half, i.payroll_bonus_cents AS bonus,
             count(*) OVER (PARTITION BY iw.invoice_id) AS workers,
             row_number() OVER (PARTITION BY iw.invoice_id ORDER BY iw.id) AS position
      FROM invoices i
      JOIN invoice_workers iw ON iw.invoice_id = i.id
      JOIN users u ON u.id = iw.worker_id
      WHERE i.organization_id = ${organizationId}
        AND i.company_id = ${companyId}
        AND i.state = ${InvoiceState.Completed}
        AND i.finished_at >= (${startDate}::date::timestamp AT TIME ZONE (SELECT time_zone FROM organizations WHERE id = ${organizationId}))
        AND i.finished_at < ((${endDate}::date + 1)::timestamp AT TIME ZONE (SELECT time_zone FROM organizations WHERE id = ${organizationId}))
    ), inserted AS (
      INSERT INTO payroll_lines (organization_id, payroll_id, invoice_worker_id, invoice_id, worker_id, value_cents)
      SELECT organization_id, ${payroll!.id}, invoice_worker_id, invoice_id, worker_id,
             (CASE WHEN half THEN round(payment / 2.0) ELSE payment END)::int
               + (bonus / workers)::int
               + CASE WHEN position <= bonus % workers THEN 1 ELSE 0 END
      FROM candidates c
      WHERE c.paid_at IS NULL
      -- Worker lines already in a payroll are skipped by the unique index itself: a NOT EXISTS over
      -- the table being filled was planned as a nested loop over it (quadratic) while it was empty.
      ON CONFLICT (invoice_worker_id) DO NOTHING
      RETURNING value_cents
    )
    SELECT count(*)::int AS lines, coalesce(sum(value_cents), 0)::bigint AS total FROM inserted`)) as unknown as {
    rows: Array<{ lines: number; total: string | number }>;
  };
  const summary = result.rows[0]!;
  if (Number(summary.lines) === 0) return 'empty' as const;
  return { payroll: payroll!, lines: Number(summary.lines), totalCents: Number(summary.total) };
}
