import { sql } from 'drizzle-orm';
import {
  can,
  DETRACTOR_MAX,
  EstimateStatus,
  fromCents,
  InvoiceState,
  netPromoterScore,
  PROMOTER_MIN,
  type DashboardResponse,
} from '@ordem-certa/contracts';
import type { Db } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { reads } from '../../lib/reads.ts';
import type { VersionName } from '../../lib/list.ts';
import type { Actor } from '../../core/orders/invoice-access.ts';
import { spans } from '../../core/reports/work-spans.ts';

// The owner's dashboard: the current month so far against the whole previous one, in the
// organization's zone. Each figure is one indexed range read — orders by creation and by completion,
// payments by day, open instalments, estimates by creation, answered ratings — bounded to the two
// months, so its cost follows a month's rows, not the organization's history.

export interface Bounds {
  tz: string;
  /** Starts of the previous month, this month and the next one, as instants. */
  p0: string;
  c0: string;
  n0: string;
  /** The same as days, for the date columns, and today. */
  p0d: string;
  c0d: string;
  n0d: string;
  today: string;
}

/** The months' bounds in the organization's zone, as of now (one primary-key read). */
export async function dashboardBounds(db: Db, organizationId: number): Promise<Bounds> {
  const [b] = await queryRows<Bounds>(
    db,
    sql`
    SELECT tz, (m - interval '1 month')::text AS p0d, m::text AS c0d, (m + interval '1 month')::text AS n0d,
           to_char(((m - interval '1 month')::timestamp AT TIME ZONE tz), 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS p0,
           to_char((m::timestamp AT TIME ZONE tz), 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS c0,
           to_char(((m + interval '1 month')::timestamp AT TIME ZONE tz), 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS n0,
           (now() AT TIME ZONE tz)::date::text AS today
      FROM (SELECT time_zone AS tz, date_trunc('month', now() AT TIME ZONE time_zone)::date AS m
              FROM organizations WHERE id = ${organizationId}) o`,
  );
  return b!;
}

type Pair = { cur: string | number | null; prev: string | number | null };
const n = (v: string | number | null | undefined) => Number(v ?? 0);

/** The dashboard's statements for those bounds, by name: the figures, then the technicians' table. */
function statements(db: Db, org: number, b: Bounds) {
  const inCur = (col: ReturnType<typeof sql>) => sql`${col} >= ${b.c0}::timestamptz AND ${col} < ${b.n0}::timestamptz`;
  const inPrev = (col: ReturnType<typeof sql>) => sql`${col} >= ${b.p0}::timestamptz AND ${col} < ${b.c0}::timestamptz`;
  const net = sql`(i.subtotal_cents - i.discount_cents)`;
  return {
    opened: sql`SELECT count(*) FILTER (WHERE ${inCur(sql`i.created_at`)}) AS cur,
                   count(*) FILTER (WHERE ${inPrev(sql`i.created_at`)}) AS prev
              FROM invoices i
             WHERE i.organization_id = ${org} AND i.created_at >= ${b.p0}::timestamptz AND i.created_at < ${b.n0}::timestamptz`,
    completed: sql`SELECT count(*) FILTER (WHERE ${inCur(sql`i.finished_at`)}) AS cur,
                   count(*) FILTER (WHERE ${inPrev(sql`i.finished_at`)}) AS prev,
                   coalesce(sum(${net}) FILTER (WHERE ${inCur(sql`i.finished_at`)}), 0) AS cur_cents,
                   coalesce(sum(${net}) FILTER (WHERE ${inPrev(sql`i.finished_at`)}), 0) AS prev_cents
              FROM invoices i
             WHERE i.organization_id = ${org} AND i.state = ${InvoiceState.Completed}
               AND i.finished_at >= ${b.p0}::timestamptz AND i.finished_at < ${b.n0}::timestamptz`,
    received: sql`SELECT coalesce(sum(p.amount_cents) FILTER (WHERE p.paid_at >= ${b.c0d}::date), 0) AS cur,
                   coalesce(sum(p.amount_cents) FILTER (WHERE p.paid_at < ${b.c0d}::date), 0) AS prev
              FROM invoice_payments p
             WHERE p.organization_id = ${org} AND p.paid_at >= ${b.p0d}::date AND p.paid_at < ${b.n0d}::date`,
    open: sql`SELECT count(*) FILTER (WHERE r.due_date >= ${b.today}::date) AS open,
                   coalesce(sum(r.amount_cents) FILTER (WHERE r.due_date >= ${b.today}::date), 0) AS open_cents,
                   count(*) FILTER (WHERE r.due_date < ${b.today}::date) AS overdue,
                   coalesce(sum(r.amount_cents) FILTER (WHERE r.due_date < ${b.today}::date), 0) AS overdue_cents
              FROM receivables r
             WHERE r.organization_id = ${org} AND r.payment_id IS NULL`,
    estimates: sql`SELECT count(*) FILTER (WHERE ${inCur(sql`e.created_at`)}) AS cur,
                   count(*) FILTER (WHERE ${inPrev(sql`e.created_at`)}) AS prev,
                   count(*) FILTER (WHERE ${inCur(sql`e.created_at`)} AND e.status = ${EstimateStatus.Completed}) AS cur_ok,
                   count(*) FILTER (WHERE ${inPrev(sql`e.created_at`)} AND e.status = ${EstimateStatus.Completed}) AS prev_ok
              FROM estimates e
             WHERE e.organization_id = ${org} AND e.created_at >= ${b.p0}::timestamptz AND e.created_at < ${b.n0}::timestamptz`,
    ratings: sql`SELECT CASE WHEN ${inCur(sql`a.answered_at`)} THEN 'cur' ELSE 'prev' END AS period, count(*) AS answers,
                   count(*) FILTER (WHERE a.score >= ${PROMOTER_MIN}) AS promoters,
                   count(*) FILTER (WHERE a.score <= ${DETRACTOR_MAX}) AS detractors
              FROM order_ratings a
             WHERE a.organization_id = ${org} AND a.answered_at >= ${b.p0}::timestamptz AND a.answered_at < ${b.n0}::timestamptz
             GROUP BY 1`,
    technicians: sql`SELECT u.id, u.name, coalesce(g.completed, 0) AS completed, w.worked
              FROM (SELECT w.worker_id, count(*) AS completed
                      FROM invoices i JOIN invoice_workers w ON w.invoice_id = i.id
                     WHERE i.organization_id = ${org} AND i.state = ${InvoiceState.Completed} AND ${inCur(sql`i.finished_at`)}
                     GROUP BY w.worker_id) g
              FULL JOIN (SELECT user_id, sum(seconds) AS worked
                           FROM (${spans(
                             { db, organizationId: org, timeZone: b.tz },
                             { from: b.c0d, to: b.today },
                             ['start', 'resume'],
                             ['pause', 'leave'],
                             true,
                           )}) s
                          GROUP BY user_id) w ON w.user_id = g.worker_id
              JOIN users u ON u.organization_id = ${org} AND u.id = coalesce(g.worker_id, w.user_id)
             ORDER BY coalesce(g.completed, 0) DESC, w.worked DESC NULLS LAST, u.name LIMIT 10`,
  };
}

/** The dashboard's statements as they run now for an organization (for EXPLAIN in the benchmark). */
export async function dashboardStatements(db: Db, organizationId: number) {
  return Object.entries(statements(db, organizationId, await dashboardBounds(db, organizationId)));
}

/**
 * The tables the dashboard reads, for keptAnswer: orders and who worked on them, payments, instalments,
 * estimates, ratings, stamps, and the technicians' names (users changed, not added: a new user shows
 * only through rows of the others). The answer is kept for one day of the organization's zone (its
 * bounds and overdue instalments follow the date), under its zone and that day.
 */
export const dashboardDependsOn: VersionName[] = [
  'invoices',
  'invoice_workers',
  'invoice_payments',
  'receivables',
  'estimates',
  'order_ratings',
  'field_stamps',
  'users~',
];
export const dashboardKeyedBy = (b: Bounds) => `${b.tz}|${b.today}`;

/** GET dashboard: the month's figures beside the last month's (as of `b`); money only for who sees prices. */
export async function dashboard(db: Db, actor: Actor, b: Bounds): Promise<DashboardResponse> {
  const org = actor.organizationId;
  const q = statements(db, org, b);
  const [opened, completed, received, open, estimates, ratings, technicians] = await reads(
    db,
    () => queryRows<Pair>(db, q.opened),
    () => queryRows<Pair & { cur_cents: string; prev_cents: string }>(db, q.completed),
    () => queryRows<Pair>(db, q.received),
    () => queryRows<{ open: string; open_cents: string; overdue: string; overdue_cents: string }>(db, q.open),
    () => queryRows<Pair & { cur_ok: string; prev_ok: string }>(db, q.estimates),
    () => queryRows<{ period: 'cur' | 'prev'; answers: string; promoters: string; detractors: string }>(db, q.ratings),
    () => queryRows<{ id: number; name: string; completed: string; worked: string | null }>(db, q.technicians),
  );
  const prices = can(actor, 'price.see');
  const cash = (cents: string | number | null) => (prices ? fromCents(n(cents)) : null);
  const c = completed[0]!;
  const e = estimates[0]!;
  const o = open[0]!;
  const nps = (period: 'cur' | 'prev') => {
    const r = ratings.find((x) => x.period === period);
    return r ? { answers: n(r.answers), promoters: n(r.promoters), detractors: n(r.detractors) } : null;
  };
  const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);
  const ticket = (cents: string, count: string | number | null) =>
    prices && n(count) ? fromCents(Math.round(n(cents) / n(count))) : null;
  return {
    timeZone: b.tz,
    month: b.c0d.slice(0, 7),
    previousMonth: b.p0d.slice(0, 7),
    revenue: { current: cash(c.cur_cents), previous: cash(c.prev_cents) },
    received: { current: cash(received[0]!.cur), previous: cash(received[0]!.prev) },
    openReceivables: { count: n(o.open), amount: cash(o.open_cents) },
    overdueReceivables: { count: n(o.overdue), amount: cash(o.overdue_cents) },
    ordersOpened: { current: n(opened[0]!.cur), previous: n(opened[0]!.prev) },
    ordersCompleted: { current: n(c.cur), previous: n(c.prev) },
    estimatesCreated: { current: n(e.cur), previous: n(e.prev) },
    estimatesApproved: { current: n(e.cur_ok), previous: n(e.prev_ok) },
    conversion: { current: percent(n(e.cur_ok), n(e.cur)), previous: percent(n(e.prev_ok), n(e.prev)) },
    averageTicket: { current: ticket(c.cur_cents, c.cur), previous: ticket(c.prev_cents, c.prev) },
    nps: {
      current: netPromoterScore(nps('cur') ?? { answers: 0, promoters: 0, detractors: 0 }),
      previous: netPromoterScore(nps('prev') ?? { answers: 0, promoters: 0, detractors: 0 }),
      answers: nps('cur')?.answers ?? 0,
    },
    technicians: technicians.map((t) => ({
      id: t.id,
      name: t.name,
      completed: n(t.completed),
      workedMinutes: t.worked === null ? null : Math.round(n(t.worked) / 60),
    })),
  };
}
