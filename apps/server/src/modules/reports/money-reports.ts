// The reports of the money the orders bring: revenue by month and by customer, what is still to be
// received, and each order's margin.
import { sql } from 'drizzle-orm';
import { formatIdentifier } from '@ordem-certa/contracts';
import type { ReportSpec } from '../../core/reports/registry.ts';
import { reportColumns } from '../../core/reports/report-columns.ts';
import {
  companyFilter,
  completed,
  completedPeriod,
  customerFilter,
  inPeriod,
  iso,
  money,
  monthRanges,
  net,
  num,
  str,
  where,
} from '../../core/reports/report-parts.ts';
import { searchWhere } from '../../lib/list.ts';

export const revenueByMonth: ReportSpec = {
  name: 'revenue-by-month',
  title: 'Faturamento por mês',
  description: 'Ordens concluídas em cada mês: subtotal, descontos e total.',
  filters: async (ctx) => [...completedPeriod(ctx), await companyFilter(ctx)],
  columns: [
    reportColumns.month,
    reportColumns.orders,
    { name: 'subTotal', label: 'Subtotal', type: 'money' },
    { name: 'discount', label: 'Descontos', type: 'money' },
    reportColumns.total,
  ],
  chart: { kind: 'line', title: 'Faturamento por mês', x: 'month', y: 'value' },
  query: (ctx, v, cap) => sql`
    WITH mo AS (${monthRanges(ctx, v)})
    SELECT to_char(mo.m, 'YYYY-MM') AS month, count(*) AS orders, sum(i.subtotal_cents) AS sub,
           sum(i.discount_cents) AS disc, sum(${net}) AS cents, count(*) OVER () AS total
      FROM mo
      JOIN invoices i ON ${where([
        sql`i.organization_id = ${ctx.organizationId}`,
        completed,
        sql`i.finished_at >= mo.a AND i.finished_at < mo.b`,
        !!v.company && sql`i.company_id = ${Number(v.company)}`,
      ])}
     GROUP BY mo.m ORDER BY mo.m LIMIT ${cap}`,
  cells: (r) => [str(r.month), num(r.orders), money(r.sub), money(r.disc), money(r.cents)],
};

export const revenueByCustomer: ReportSpec = {
  name: 'revenue-by-customer',
  title: 'Faturamento por cliente',
  description: 'Ordens concluídas no período por cliente, do maior total ao menor.',
  filters: async (ctx) => [...completedPeriod(ctx), customerFilter],
  columns: [
    reportColumns.customer,
    { name: 'identifier', label: 'CPF/CNPJ', type: 'string' },
    reportColumns.orders,
    reportColumns.total,
    { name: 'lastFinishedAt', label: 'Última conclusão', type: 'datetime' },
  ],
  chart: null,
  query: (ctx, v, cap) => sql`
    WITH g AS (
      SELECT i.customer_id, count(*) AS orders, sum(${net}) AS cents, max(i.finished_at) AS last_finished
        FROM invoices i
       WHERE ${where([sql`i.organization_id = ${ctx.organizationId}`, completed, inPeriod(ctx, sql`i.finished_at`, v)])}
       GROUP BY i.customer_id)
    SELECT c.name AS customer, c.identifier, c.type, g.orders, g.cents, g.last_finished, count(*) OVER () AS total
      FROM g JOIN customers c ON c.id = g.customer_id
     ${v.customer ? sql`WHERE ${searchWhere(v.customer, [sql`c.name`, sql`c.alias`])}` : sql``}
     ORDER BY g.cents DESC, c.name LIMIT ${cap}`,
  cells: (r) => [
    str(r.customer),
    formatIdentifier(str(r.identifier), num(r.type)),
    num(r.orders),
    money(r.cents),
    iso(r.last_finished),
  ],
};

export const receivables: ReportSpec = {
  name: 'receivables',
  title: 'Contas a receber',
  description: 'Ordens concluídas e ainda não pagas, da mais antiga à mais recente, com o saldo que falta receber.',
  filters: async (ctx) => [await companyFilter(ctx), customerFilter],
  columns: [
    { name: 'number', label: 'OS', type: 'int' },
    { name: 'finishedAt', label: 'Concluída em', type: 'datetime' },
    reportColumns.customer,
    reportColumns.company,
    { name: 'daysOpen', label: 'Dias em aberto', type: 'int' },
    { name: 'value', label: 'A receber', type: 'money' },
  ],
  chart: null,
  // What is due is the total less the payments already received (a deposit, instalments).
  query: (ctx, v, cap) => sql`
    SELECT i.number, i.finished_at, c.name AS customer, co.name AS company,
           (now() AT TIME ZONE ${ctx.timeZone})::date - (i.finished_at AT TIME ZONE ${ctx.timeZone})::date AS days_open,
           ${net} - coalesce((SELECT sum(p.amount_cents) FROM invoice_payments p WHERE p.invoice_id = i.id), 0) AS cents,
           count(*) OVER () AS total
      FROM invoices i
      JOIN customers c ON c.id = i.customer_id
      JOIN companies co ON co.id = i.company_id
     WHERE ${where([
       sql`i.organization_id = ${ctx.organizationId}`,
       completed,
       sql`NOT i.is_paid`,
       !!v.company && sql`i.company_id = ${Number(v.company)}`,
       !!v.customer && searchWhere(v.customer, [sql`c.name`, sql`c.alias`]),
     ])}
     ORDER BY i.finished_at, i.number LIMIT ${cap}`,
  cells: (r) => [num(r.number), iso(r.finished_at), str(r.customer), str(r.company), num(r.days_open), money(r.cents)],
};

/**
 * Each completed order's margin: its total less what its products cost. The cost is read from the
 * stock movements the completion wrote (quantity × the product's cost then), so a later purchase that
 * moves the cost leaves a finished order's margin as it was; services cost nothing here.
 */
export const orderMargin: ReportSpec = {
  name: 'order-margin',
  title: 'Margem por OS',
  description:
    'Ordens concluídas no período: total, custo dos produtos (pelo custo na conclusão), margem e margem (%).',
  filters: async (ctx) => [...completedPeriod(ctx), await companyFilter(ctx), customerFilter],
  columns: [
    // The figures before the customer's name, so a phone shows them without scrolling sideways.
    { name: 'number', label: 'OS', type: 'int' },
    { name: 'finishedOn', label: 'Concluída em', type: 'date' },
    { name: 'revenue', label: 'Total', type: 'money' },
    { name: 'cost', label: 'Custo', type: 'money' },
    { name: 'margin', label: 'Margem', type: 'money' },
    { name: 'marginPercent', label: 'Margem (%)', type: 'percent' },
    reportColumns.customer,
  ],
  // What the products cost the shop; the margin is the total less it, so it tells both.
  columnNeeds: {
    cost: ['cost.see'],
    margin: ['price.see', 'cost.see'],
    marginPercent: ['price.see', 'cost.see'],
  },
  chart: null,
  // The period's orders are picked and counted on the orders table alone; only the page shown reads
  // its customer and its stock movements (counting over the full join read every order's movements).
  query: (ctx, v, cap) => sql`
    WITH picked AS MATERIALIZED (
      SELECT i.id, i.organization_id, i.number, i.finished_at, i.customer_id, i.subtotal_cents, i.discount_cents
        FROM invoices i
       WHERE ${where([
         sql`i.organization_id = ${ctx.organizationId}`,
         completed,
         inPeriod(ctx, sql`i.finished_at`, v),
         !!v.company && sql`i.company_id = ${Number(v.company)}`,
         !!v.customer &&
           sql`i.customer_id IN (SELECT c.id FROM customers c WHERE c.organization_id = ${ctx.organizationId}
                                   AND ${searchWhere(v.customer, [sql`c.name`, sql`c.alias`])})`,
       ])})
    SELECT i.number, to_char(i.finished_at AT TIME ZONE ${ctx.timeZone}, 'YYYY-MM-DD') AS finished_on,
           c.name AS customer, ${net} AS revenue, coalesce(s.cents, 0) AS cost,
           (SELECT count(*) FROM picked) AS total
      FROM (SELECT * FROM picked ORDER BY finished_at, number LIMIT ${cap}) i
      JOIN customers c ON c.id = i.customer_id
      LEFT JOIN LATERAL (
        SELECT sum(round(-m.quantity * m.unit_cost_cents)) AS cents
          FROM stock_movements m WHERE m.invoice_id = i.id AND m.organization_id = i.organization_id) s ON true
     ORDER BY i.finished_at, i.number`,
  cells: (r) => {
    const revenue = num(r.revenue);
    const margin = revenue - num(r.cost);
    return [
      num(r.number),
      str(r.finished_on),
      money(revenue),
      money(r.cost),
      money(margin),
      revenue ? Math.round((margin / revenue) * 1000) / 10 : null,
      str(r.customer),
    ];
  },
};
