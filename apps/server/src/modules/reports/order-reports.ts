// The reports of the orders themselves: how many were opened, what they sold, who worked on them.
import { sql, type SQL } from 'drizzle-orm';
import { InvoiceState, invoiceStateLabels, type InvoiceStateValue } from '@ordem-certa/contracts';
import type { ReportSpec } from '../../core/reports/registry.ts';
import { reportColumns } from '../../core/reports/report-columns.ts';
import {
  completed,
  completedPeriod,
  inPeriod,
  money,
  monthRanges,
  net,
  num,
  openedPeriod,
  stateFilter,
  str,
  where,
} from '../../core/reports/report-parts.ts';
import { searchWhere } from '../../lib/list.ts';

export const serviceOrders: ReportSpec = {
  name: 'service-orders',
  title: 'Ordens de serviço por período e situação',
  description: 'Quantas ordens foram abertas em cada mês, por situação, e o valor delas.',
  filters: async (ctx) => [...openedPeriod(ctx), stateFilter],
  columns: [reportColumns.month, reportColumns.status, reportColumns.orders, reportColumns.value],
  chart: { kind: 'bar', title: 'Ordens por situação e mês', x: 'month', y: 'orders', series: 'status' },
  query: (ctx, v, cap) => sql`
    WITH mo AS (${monthRanges(ctx, v)})
    SELECT to_char(mo.m, 'YYYY-MM') AS month, i.state, count(*) AS orders, sum(${net}) AS cents,
           count(*) OVER () AS total
      FROM mo
      JOIN invoices i ON ${where([
        sql`i.organization_id = ${ctx.organizationId}`,
        sql`i.created_at >= mo.a AND i.created_at < mo.b`,
        !!v.state && sql`i.state = ${Number(v.state)}`,
      ])}
     GROUP BY mo.m, i.state ORDER BY mo.m, i.state DESC LIMIT ${cap}`,
  cells: (r) => [str(r.month), invoiceStateLabels[num(r.state) as InvoiceStateValue], num(r.orders), money(r.cents)],
};

/** Services and products sold reads a quarter at most. */
export const ITEMS_MAX_PERIOD_DAYS = 92;

const kindOptions = [
  { value: 'services', label: 'Serviços' },
  { value: 'products', label: 'Produtos' },
];
export const itemsSold: ReportSpec = {
  name: 'items-sold',
  title: 'Serviços e produtos vendidos',
  description: 'Quantidade e valor de cada serviço e produto nas ordens concluídas no período.',
  // It reads every line of the orders, about four times the rows of the order reports: a quarter at a time.
  maxPeriodDays: ITEMS_MAX_PERIOD_DAYS,
  filters: async (ctx) => [
    ...completedPeriod(ctx, 2),
    { name: 'kind', label: 'Tipo', type: 'select', required: false, options: kindOptions },
    { name: 'name', label: 'Nome', type: 'string', required: false, min: 2, max: 100 },
  ],
  columns: [
    { name: 'kind', label: 'Tipo', type: 'string' },
    { name: 'name', label: 'Nome', type: 'string' },
    { name: 'quantity', label: 'Quantidade', type: 'quantity' },
    reportColumns.total,
  ],
  chart: null,
  query: (ctx, v, cap) => {
    // Each kind of line is summed by name on its own (a hash of a few dozen names) before the two are
    // put together: summing after the UNION sorted 240,000 lines by name at 100,000 orders.
    const branch = (kind: string, table: string) =>
      sql`SELECT ${kind}::text AS kind, l.name, sum(l.quantity) AS quantity, sum(round(l.quantity * l.price_cents)) AS cents
            FROM ${sql.identifier(table)} l JOIN done d ON d.id = l.invoice_id
           ${v.name ? sql`WHERE ${searchWhere(v.name, [sql`l.name`])}` : sql``}
           GROUP BY l.name`;
    const branches = [
      v.kind !== 'products' && branch('Serviço', 'invoice_services'),
      v.kind !== 'services' && branch('Produto', 'invoice_products'),
    ].filter((b): b is SQL => !!b);
    return sql`
    WITH done AS (
      SELECT i.id FROM invoices i
       WHERE ${where([sql`i.organization_id = ${ctx.organizationId}`, completed, inPeriod(ctx, sql`i.finished_at`, v)])})
    SELECT x.kind, x.name, x.quantity, x.cents, count(*) OVER () AS total
      FROM (${sql.join(branches, sql` UNION ALL `)}) x
     ORDER BY x.cents DESC, x.name LIMIT ${cap}`;
  },
  cells: (r) => [str(r.kind), str(r.name), num(r.quantity), money(r.cents)],
};

export const ordersPerWorker: ReportSpec = {
  name: 'orders-per-worker',
  title: 'Ordens por colaborador',
  description: 'Ordens abertas no período em que cada colaborador trabalhou, e quantas já foram concluídas.',
  filters: async (ctx) => openedPeriod(ctx),
  columns: [
    { name: 'worker', label: 'Colaborador', type: 'string' },
    reportColumns.orders,
    { name: 'completed', label: 'Concluídas', type: 'int' },
    { name: 'open', label: 'Em aberto', type: 'int' },
    { name: 'value', label: 'Total concluído', type: 'money' },
  ],
  chart: { kind: 'bar', title: 'Ordens por colaborador', x: 'worker', y: 'orders' },
  // Grouped by the worker's id first; the names join the few resulting rows only.
  query: (ctx, v, cap) => sql`
    SELECT u.name AS worker, g.orders, g.completed, g.open, g.cents, count(*) OVER () AS total
      FROM (SELECT w.worker_id, count(*) AS orders,
                   count(*) FILTER (WHERE i.state = ${InvoiceState.Completed}) AS completed,
                   count(*) FILTER (WHERE i.state NOT IN (${InvoiceState.Completed}, ${InvoiceState.Canceled})) AS open,
                   coalesce(sum(${net}) FILTER (WHERE i.state = ${InvoiceState.Completed}), 0) AS cents
              FROM invoices i
              JOIN invoice_workers w ON w.invoice_id = i.id
             WHERE ${where([sql`i.organization_id = ${ctx.organizationId}`, inPeriod(ctx, sql`i.created_at`, v)])}
             GROUP BY w.worker_id) g
      JOIN users u ON u.id = g.worker_id
     ORDER BY g.orders DESC, u.name LIMIT ${cap}`,
  cells: (r) => [str(r.worker), num(r.orders), num(r.completed), num(r.open), money(r.cents)],
};
