import { and, eq, sql } from 'drizzle-orm';
import { InvoiceState, type PayRuleKind } from '@ordem-certa/contracts';
import type { Tx } from './client.ts';
import { companies, payrolls } from './schema/index.ts';
import { workerPay } from './pay.ts';

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
 * imported data, is not paid twice). A line is worth what the worker's pay rule in force on the day
 * the order was completed (organization's calendar) gives — the initial fixed amount
 * (users.payment_value_cents) before their first version — halved when the order pays just the half,
 * plus an even share of the order's payroll bonus among all the order's workers; the cents that do not
 * divide evenly go one each to the workers in the order they were put on the order, so the shares
 * always add up to the bonus. The rule itself is `workerPay` (pay.ts); each line keeps how it was
 * computed in pay_basis.
 *
 * One statement reads every candidate with its rule and the order's totals; one more inserts the lines. Two generations for the same company wait for each other on the company row; the unique
 * index on invoice_worker_id keeps a worker line in one payroll, and the insert skips the ones it
 * already holds. Returns null (and inserts nothing it keeps: the caller rolls back) when the company is
 * not the organization's, 'empty' when no line qualifies.
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
    WITH org AS (SELECT time_zone AS tz FROM organizations WHERE id = ${organizationId}),
    candidates AS (
      SELECT iw.id AS invoice_worker_id, iw.invoice_id, iw.worker_id, iw.paid_at,
             u.payment_value_cents AS initial_cents, i.is_paying_just_the_half AS half,
             i.payroll_bonus_cents AS bonus, i.discount_cents AS discount,
             (i.finished_at AT TIME ZONE org.tz)::date AS finished_day,
             count(*) OVER (PARTITION BY iw.invoice_id) AS workers,
             row_number() OVER (PARTITION BY iw.invoice_id ORDER BY iw.id) AS position
      FROM org, invoices i
      JOIN invoice_workers iw ON iw.invoice_id = i.id
      JOIN users u ON u.id = iw.worker_id
      WHERE i.organization_id = ${organizationId}
        AND i.company_id = ${companyId}
        AND i.state = ${InvoiceState.Completed}
        AND i.finished_at >= (${startDate}::date::timestamp AT TIME ZONE org.tz)
        AND i.finished_at < ((${endDate}::date + 1)::timestamp AT TIME ZONE org.tz)
    )
    SELECT c.invoice_worker_id, c.invoice_id, c.worker_id, c.initial_cents, c.half, c.bonus, c.discount,
           c.workers, c.position, r.id AS rule_id, r.kind, r.valid_from::text AS valid_from, r.fixed_cents,
           r.services_basis_points, r.products_basis_points, r.km_rate_cents,
           (SELECT coalesce(sum(f.route_meters), 0) FROM field_stamps f
             WHERE f.organization_id = ${organizationId} AND f.invoice_id = c.invoice_id
               AND f.user_id = c.worker_id AND f.kind = 'arrive') AS route_meters,
           (SELECT coalesce(sum(round(s.quantity * s.price_cents)), 0) FROM invoice_services s
             WHERE s.invoice_id = c.invoice_id) AS services_cents,
           (SELECT coalesce(sum(round(p.quantity * p.price_cents)), 0) FROM invoice_products p
             WHERE p.invoice_id = c.invoice_id) AS products_cents,
           CASE WHEN r.kind = 'per_service' THEN (
             SELECT coalesce(json_agg(json_build_object('name', s.name,
                      'quantityMilli', round(s.quantity * 1000), 'rateCents', prs.rate_cents) ORDER BY s.id), '[]')
             FROM invoice_services s
             JOIN pay_rule_services prs ON prs.pay_rule_id = r.id AND prs.service_id = s.service_id
             WHERE s.invoice_id = c.invoice_id) END AS rated_services
    FROM candidates c
    LEFT JOIN LATERAL (
      SELECT * FROM pay_rules r
      WHERE r.user_id = c.worker_id AND r.organization_id = ${organizationId} AND r.valid_from <= c.finished_day
      ORDER BY r.valid_from DESC LIMIT 1
    ) r ON true
    WHERE c.paid_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM payroll_lines pl WHERE pl.invoice_worker_id = c.invoice_worker_id)
    ORDER BY c.invoice_id, c.position`)) as unknown as { rows: CandidateRow[] };

  const rows = result.rows.map((c) => {
    const { valueCents, basis } = workerPay(
      {
        kind: c.kind ?? 'initial',
        validFrom: c.valid_from,
        fixedCents: Number(c.kind ? c.fixed_cents : c.initial_cents),
        servicesBasisPoints: Number(c.services_basis_points ?? 0),
        productsBasisPoints: Number(c.products_basis_points ?? 0),
        kmRateCents: Number(c.km_rate_cents ?? 0),
      },
      {
        servicesCents: Number(c.services_cents),
        productsCents: Number(c.products_cents),
        discountCents: Number(c.discount),
        half: c.half,
        bonusCents: Number(c.bonus),
        workers: Number(c.workers),
        position: Number(c.position),
        routeMeters: Number(c.route_meters ?? 0),
        ratedServices: (typeof c.rated_services === 'string'
          ? JSON.parse(c.rated_services)
          : (c.rated_services ?? [])
        ).map((s: { name: string; quantityMilli: number | string; rateCents: number | string }) => ({
          name: s.name,
          quantityMilli: Number(s.quantityMilli),
          rateCents: Number(s.rateCents),
        })),
      },
    );
    return {
      invoice_worker_id: c.invoice_worker_id,
      invoice_id: c.invoice_id,
      worker_id: c.worker_id,
      value_cents: valueCents,
      pay_basis: basis,
    };
  });
  // All lines in one statement with one parameter: a JSON array read back as rows (thousands of
  // lines as bound parameters cost far more to send and plan than one JSON text).
  const summary = rows.length
    ? (
        (await tx.execute(sql`
          WITH inserted AS (
            INSERT INTO payroll_lines (organization_id, payroll_id, invoice_worker_id, invoice_id, worker_id, value_cents, pay_basis)
            SELECT ${organizationId}, ${payroll!.id}, x.invoice_worker_id, x.invoice_id, x.worker_id, x.value_cents, x.pay_basis
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
              AS x(invoice_worker_id integer, invoice_id integer, worker_id integer, value_cents bigint, pay_basis jsonb)
            ON CONFLICT (invoice_worker_id) DO NOTHING
            RETURNING value_cents
          )
          SELECT count(*)::int AS lines, coalesce(sum(value_cents), 0)::bigint AS total FROM inserted`)) as unknown as {
          rows: Array<{ lines: number; total: string | number }>;
        }
      ).rows[0]!
    : { lines: 0, total: 0 };
  const lines = Number(summary.lines);
  const totalCents = Number(summary.total);
  if (lines === 0) return 'empty' as const;
  return { payroll: payroll!, lines, totalCents };
}

interface CandidateRow {
  invoice_worker_id: number;
  invoice_id: number;
  worker_id: number;
  initial_cents: number | string;
  half: boolean;
  bonus: number | string;
  discount: number | string;
  workers: number | string;
  position: number | string;
  rule_id: number | null;
  kind: PayRuleKind | null;
  valid_from: string | null;
  fixed_cents: number | string | null;
  services_basis_points: number | null;
  products_basis_points: number | null;
  km_rate_cents: number | string | null;
  route_meters: number | string | null;
  services_cents: number | string;
  products_cents: number | string;
  rated_services: string | Array<{ name: string; quantityMilli: number; rateCents: number }> | null;
}
