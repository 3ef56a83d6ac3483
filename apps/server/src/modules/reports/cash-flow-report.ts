import { sql } from 'drizzle-orm';
import { fromCents, InvoiceState, type ReportFilter } from '@ordem-certa/contracts';
import type { ReportContext, ReportSpec } from '../../core/reports/registry.ts';
import { EARLIEST_DAY, todayIn } from '../../core/reports/report-filters.ts';

/** The grouping choices: a bucket is a day, a week (Monday to Sunday) or a calendar month. */
export const cashFlowGroupings = [
  { value: 'day', label: 'Dia' },
  { value: 'week', label: 'Semana' },
  { value: 'month', label: 'Mês' },
] as const;

/** How far ahead the period may reach: the expected side looks into the future. */
const MAX_DAYS_AHEAD = 730;

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const addMonths = (day: string, months: number) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
};

/** From the first day of this month to the last of the month after next, by week. */
function cashFlowFilters(ctx: ReportContext): ReportFilter[] {
  const today = todayIn(ctx.timeZone);
  const monthStart = `${today.slice(0, 8)}01`;
  const latest = addDays(today, MAX_DAYS_AHEAD);
  return [
    { name: 'from', label: 'De', type: 'date', required: true, min: EARLIEST_DAY, max: latest, default: monthStart },
    {
      name: 'to',
      label: 'Até',
      type: 'date',
      required: true,
      min: EARLIEST_DAY,
      max: latest,
      default: addDays(addMonths(monthStart, 3), -1),
    },
    {
      name: 'groupBy',
      label: 'Agrupar por',
      type: 'select',
      required: true,
      options: cashFlowGroupings.map((g) => ({ value: g.value, label: g.label })),
      default: 'week',
    },
  ];
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const money = (cents: unknown) => fromCents(num(cents));

/**
 * Fluxo de caixa: for each day, week or month of the period, what came in and went out and what is
 * still expected, with two running balances.
 *  - Recebido: the orders' payments by their payment day (invoice_payments.paid_at).
 *  - Pago: the expenses paid, by their payment day.
 *  - A receber: instalments not yet received (receivables without a payment) by their due date, but
 *    not those of canceled orders.
 *  - A pagar: expenses not yet paid, by their due date.
 *  - Saldo realizado: everything received minus everything paid up to the bucket's last day — the
 *    history before the period included, so the first bucket starts from what the records say was
 *    in hand (the app knows no bank balance: it is the balance of what was recorded).
 *  - Saldo previsto: the realized balance plus every open instalment minus every unpaid expense due
 *    up to the bucket's last day (overdue ones from before the period included: still to be settled).
 * Each bucket is cut to the period (a month grouping from the 15th starts its first bucket on the
 * 15th); empty buckets are rows too, so the chart's time axis has no holes. Every sum reads an index
 * on (organization_id, day): payments by paid_at, receivables and expenses by due date or paid_at.
 */
export const cashFlow: ReportSpec = {
  name: 'cash-flow',
  title: 'Fluxo de caixa',
  description: 'Recebido, pago, a receber e a pagar por dia, semana ou mês, com o saldo realizado e o saldo previsto.',
  filters: async (ctx) => cashFlowFilters(ctx),
  columns: [
    { name: 'start', label: 'De', type: 'date' },
    { name: 'end', label: 'Até', type: 'date' },
    { name: 'received', label: 'Recebido', type: 'money' },
    { name: 'paid', label: 'Pago', type: 'money' },
    { name: 'expectedIn', label: 'A receber', type: 'money' },
    { name: 'expectedOut', label: 'A pagar', type: 'money' },
    { name: 'balance', label: 'Saldo realizado', type: 'money' },
    { name: 'projected', label: 'Saldo previsto', type: 'money' },
  ],
  chart: {
    kind: 'bar',
    title: 'Fluxo de caixa',
    x: 'start',
    y: 'received',
    bars: ['received', 'paid', 'expectedIn', 'expectedOut'],
    lines: ['balance', 'projected'],
    colors: ['#198754', '#dc3545', '#75b798', '#ea868f', '#0d6efd', '#6c757d'],
  },
  query: (ctx, v, cap) => {
    const org = ctx.organizationId;
    const unit = v.groupBy === 'day' || v.groupBy === 'month' ? v.groupBy : 'week';
    const step = `1 ${unit}`;
    const live = sql`NOT EXISTS (SELECT 1 FROM invoices i WHERE i.id = r.invoice_id AND i.state = ${InvoiceState.Canceled})`;
    return sql`
    WITH p AS (SELECT ${v.from!}::date AS a, ${v.to!}::date AS z),
    b AS (
      SELECT greatest(g::date, p.a) AS s, least((g + ${step}::interval)::date - 1, p.z) AS e
        FROM p, generate_series(date_trunc(${unit}, p.a::timestamp), p.z::timestamp, ${step}::interval) g),
    f AS (
      SELECT x.paid_at AS d, x.amount_cents AS received, 0::bigint AS paid, 0::bigint AS exp_in, 0::bigint AS exp_out
        FROM invoice_payments x, p WHERE x.organization_id = ${org} AND x.paid_at BETWEEN p.a AND p.z
      UNION ALL
      SELECT x.paid_at, 0, x.amount_cents, 0, 0
        FROM expenses x, p WHERE x.organization_id = ${org} AND x.paid_at BETWEEN p.a AND p.z
      UNION ALL
      SELECT r.due_date, 0, 0, r.amount_cents, 0
        FROM receivables r, p
       WHERE r.organization_id = ${org} AND r.payment_id IS NULL AND r.due_date BETWEEN p.a AND p.z AND ${live}
      UNION ALL
      SELECT x.due_date, 0, 0, 0, x.amount_cents
        FROM expenses x, p WHERE x.organization_id = ${org} AND x.paid_at IS NULL AND x.due_date BETWEEN p.a AND p.z),
    o AS (
      SELECT coalesce((SELECT sum(x.amount_cents) FROM invoice_payments x, p
                        WHERE x.organization_id = ${org} AND x.paid_at < p.a), 0)
           - coalesce((SELECT sum(x.amount_cents) FROM expenses x, p
                        WHERE x.organization_id = ${org} AND x.paid_at < p.a), 0) AS realized,
             coalesce((SELECT sum(r.amount_cents) FROM receivables r, p
                        WHERE r.organization_id = ${org} AND r.payment_id IS NULL AND r.due_date < p.a AND ${live}), 0)
           - coalesce((SELECT sum(x.amount_cents) FROM expenses x, p
                        WHERE x.organization_id = ${org} AND x.paid_at IS NULL AND x.due_date < p.a), 0) AS expected),
    g AS (
      SELECT b.s, b.e, coalesce(sum(f.received), 0) AS received, coalesce(sum(f.paid), 0) AS paid,
             coalesce(sum(f.exp_in), 0) AS exp_in, coalesce(sum(f.exp_out), 0) AS exp_out
        FROM b LEFT JOIN (
          SELECT greatest(date_trunc(${unit}, f.d::timestamp)::date, p.a) AS s, f.* FROM f, p
        ) f ON f.s = b.s
       GROUP BY b.s, b.e)
    SELECT to_char(g.s, 'YYYY-MM-DD') AS s, to_char(g.e, 'YYYY-MM-DD') AS e, g.received, g.paid, g.exp_in, g.exp_out,
           o.realized + sum(g.received - g.paid) OVER w AS balance,
           o.realized + o.expected + sum(g.received - g.paid + g.exp_in - g.exp_out) OVER w AS projected,
           count(*) OVER () AS total
      FROM g, o
    WINDOW w AS (ORDER BY g.s)
     ORDER BY g.s LIMIT ${cap}`;
  },
  cells: (r) => [
    String(r.s),
    String(r.e),
    money(r.received),
    money(r.paid),
    money(r.exp_in),
    money(r.exp_out),
    money(r.balance),
    money(r.projected),
  ],
};
