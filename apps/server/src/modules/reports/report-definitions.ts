import { sql, type SQL } from 'drizzle-orm';
import {
  formatIdentifier,
  fromCents,
  InvoiceState,
  invoiceStateLabels,
  invoiceStateValues,
  type ReportCell,
  type ReportChart,
  type ReportColumn,
  type ReportFilter,
  type InvoiceStateValue,
} from '@ordem-certa/contracts';
import type { Db } from '@ordem-certa/db';
import { searchWhere } from '../../lib/list.ts';
import { queryRows } from '../../lib/sql.ts';
import { periodFilters } from './report-filters.ts';
import { cashFlow } from './cash-flow-report.ts';
import { nfseIssuedReport } from '../nfse/nfse-report.ts';

export interface ReportContext {
  db: Db;
  organizationId: number;
  timeZone: string;
}

type Row = Record<string, unknown> & { total: string | number };

/** One report: its filters (some with options from the organization's data), columns, chart and query. */
export interface ReportSpec {
  name: string;
  title: string;
  description: string;
  filters(ctx: ReportContext): Promise<ReportFilter[]>;
  columns: ReportColumn[];
  chart: ReportChart | null;
  /** The longest 'from'–'to' period it accepts, in days (default MAX_PERIOD_DAYS). */
  maxPeriodDays?: number;
  /** At most `cap` rows, each carrying the count of all matching rows as `total`. */
  query(ctx: ReportContext, values: Record<string, string>, cap: number): SQL;
  cells(row: Row): ReportCell[];
}

// ---- shared pieces ------------------------------------------------------------------------------

/** The start of day `from` and the end of day `to` in the organization's time zone. */
const startOf = (ctx: ReportContext, day: string) => sql`((${day}::date)::timestamp AT TIME ZONE ${ctx.timeZone})`;
const endOf = (ctx: ReportContext, day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${ctx.timeZone})`;
const inPeriod = (ctx: ReportContext, column: SQL, v: Record<string, string>) =>
  sql`${column} >= ${startOf(ctx, v.from!)} AND ${column} < ${endOf(ctx, v.to!)}`;
/**
 * The period's months in the organization's zone as [a, b) timestamp ranges (m: the month's first
 * day). Joining orders to these ranges reads each month through the (organization_id, created_at)
 * or finished index instead of converting every order's time zone: 1.5× faster on PGlite.
 */
const monthRanges = (ctx: ReportContext, v: Record<string, string>) => sql`
  SELECT m, greatest(m AT TIME ZONE ${ctx.timeZone}, ${startOf(ctx, v.from!)}) AS a,
         least((m + interval '1 month') AT TIME ZONE ${ctx.timeZone}, ${endOf(ctx, v.to!)}) AS b
    FROM generate_series(date_trunc('month', ${v.from!}::date::timestamp), ${v.to!}::date::timestamp, interval '1 month') m`;
const where = (parts: Array<SQL | undefined | false>) =>
  sql.join(
    parts.filter((p): p is SQL => !!p),
    sql` AND `,
  );

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const money = (cents: unknown) => fromCents(num(cents));
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

async function companyFilter(ctx: ReportContext): Promise<ReportFilter> {
  const rows = await queryRows<{ id: number; name: string }>(
    ctx.db,
    sql`SELECT id, name FROM companies WHERE organization_id = ${ctx.organizationId} ORDER BY f_unaccent(lower(name)) LIMIT 200`,
  );
  return {
    name: 'company',
    label: 'Empresa',
    type: 'select',
    required: false,
    options: rows.map((r) => ({ value: String(r.id), label: r.name })),
  };
}
const customerFilter: ReportFilter = {
  name: 'customer',
  label: 'Cliente',
  type: 'string',
  required: false,
  min: 2,
  max: 100,
};
const stateFilter: ReportFilter = {
  name: 'state',
  label: 'Situação',
  type: 'select',
  required: false,
  options: invoiceStateValues.map((s) => ({ value: String(s), label: invoiceStateLabels[s] })),
};
const completed = sql`i.state = ${InvoiceState.Completed}`;
const net = sql`(i.subtotal_cents - i.discount_cents)`;

// ---- the reports --------------------------------------------------------------------------------

const serviceOrders: ReportSpec = {
  name: 'service-orders',
  title: 'Ordens de serviço por período e situação',
  description: 'Quantas ordens foram abertas em cada mês, por situação, e o valor delas.',
  filters: async (ctx) => [
    ...periodFilters(ctx.timeZone, { from: 'Aberta a partir de', to: 'Aberta até' }),
    stateFilter,
  ],
  columns: [
    { name: 'month', label: 'Mês', type: 'month' },
    { name: 'status', label: 'Situação', type: 'string' },
    { name: 'orders', label: 'Ordens', type: 'int' },
    { name: 'value', label: 'Valor', type: 'money' },
  ],
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

const revenueByMonth: ReportSpec = {
  name: 'revenue-by-month',
  title: 'Faturamento por mês',
  description: 'Ordens concluídas em cada mês: subtotal, descontos e total.',
  filters: async (ctx) => [
    ...periodFilters(ctx.timeZone, { from: 'Concluída a partir de', to: 'Concluída até' }),
    await companyFilter(ctx),
  ],
  columns: [
    { name: 'month', label: 'Mês', type: 'month' },
    { name: 'orders', label: 'Ordens', type: 'int' },
    { name: 'subTotal', label: 'Subtotal', type: 'money' },
    { name: 'discount', label: 'Descontos', type: 'money' },
    { name: 'value', label: 'Total', type: 'money' },
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

const revenueByCustomer: ReportSpec = {
  name: 'revenue-by-customer',
  title: 'Faturamento por cliente',
  description: 'Ordens concluídas no período por cliente, do maior total ao menor.',
  filters: async (ctx) => [
    ...periodFilters(ctx.timeZone, { from: 'Concluída a partir de', to: 'Concluída até' }),
    customerFilter,
  ],
  columns: [
    { name: 'customer', label: 'Cliente', type: 'string' },
    { name: 'identifier', label: 'CPF/CNPJ', type: 'string' },
    { name: 'orders', label: 'Ordens', type: 'int' },
    { name: 'value', label: 'Total', type: 'money' },
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

/** Services and products sold reads a quarter at most. */
export const ITEMS_MAX_PERIOD_DAYS = 92;

const kindOptions = [
  { value: 'services', label: 'Serviços' },
  { value: 'products', label: 'Produtos' },
];
const itemsSold: ReportSpec = {
  name: 'items-sold',
  title: 'Serviços e produtos vendidos',
  description: 'Quantidade e valor de cada serviço e produto nas ordens concluídas no período.',
  // It reads every line of the orders, about four times the rows of the order reports: a quarter at a time.
  maxPeriodDays: ITEMS_MAX_PERIOD_DAYS,
  filters: async (ctx) => [
    ...periodFilters(ctx.timeZone, { from: 'Concluída a partir de', to: 'Concluída até' }, 2),
    { name: 'kind', label: 'Tipo', type: 'select', required: false, options: kindOptions },
    { name: 'name', label: 'Nome', type: 'string', required: false, min: 2, max: 100 },
  ],
  columns: [
    { name: 'kind', label: 'Tipo', type: 'string' },
    { name: 'name', label: 'Nome', type: 'string' },
    { name: 'quantity', label: 'Quantidade', type: 'quantity' },
    { name: 'value', label: 'Total', type: 'money' },
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

const ordersPerWorker: ReportSpec = {
  name: 'orders-per-worker',
  title: 'Ordens por colaborador',
  description: 'Ordens abertas no período em que cada colaborador trabalhou, e quantas já foram concluídas.',
  filters: async (ctx) => [...periodFilters(ctx.timeZone, { from: 'Aberta a partir de', to: 'Aberta até' })],
  columns: [
    { name: 'worker', label: 'Colaborador', type: 'string' },
    { name: 'orders', label: 'Ordens', type: 'int' },
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

const receivables: ReportSpec = {
  name: 'receivables',
  title: 'Contas a receber',
  description: 'Ordens concluídas e ainda não pagas, da mais antiga à mais recente, com o saldo que falta receber.',
  filters: async (ctx) => [await companyFilter(ctx), customerFilter],
  columns: [
    { name: 'number', label: 'OS', type: 'int' },
    { name: 'finishedAt', label: 'Concluída em', type: 'datetime' },
    { name: 'customer', label: 'Cliente', type: 'string' },
    { name: 'company', label: 'Empresa', type: 'string' },
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

/** Estimate states as the estimate screens name them (stored values 0, 1, 10, -1). */
const estimateStatusLabels: Record<number, string> = {
  0: 'Rascunho',
  1: 'Em Andamento',
  10: 'Aprovado',
  [-1]: 'Cancelado',
};
const estimates: ReportSpec = {
  name: 'estimates',
  title: 'Orçamentos por situação e conversão',
  description:
    'Orçamentos criados no período por situação, quantos geraram ordem de serviço (não cancelada) e a conversão.',
  filters: async (ctx) => [...periodFilters(ctx.timeZone, { from: 'Criado a partir de', to: 'Criado até' })],
  columns: [
    { name: 'status', label: 'Situação', type: 'string' },
    { name: 'estimates', label: 'Orçamentos', type: 'int' },
    { name: 'value', label: 'Valor', type: 'money' },
    { name: 'converted', label: 'Com OS gerada', type: 'int' },
    { name: 'conversion', label: 'Conversão (%)', type: 'percent' },
  ],
  chart: null,
  // ROLLUP adds the all-states line last (status null).
  query: (ctx, v, cap) => sql`
    SELECT e.status, count(*) AS estimates, sum(e.subtotal_cents - e.discount_cents) AS cents,
           count(*) FILTER (WHERE EXISTS (
             SELECT 1 FROM invoices i
              WHERE i.estimate_id = e.id AND i.organization_id = e.organization_id AND i.state <> ${InvoiceState.Canceled}
           )) AS converted,
           count(*) OVER () AS total
      FROM estimates e
     WHERE ${where([sql`e.organization_id = ${ctx.organizationId}`, inPeriod(ctx, sql`e.created_at`, v)])}
     GROUP BY ROLLUP (e.status)
     ORDER BY GROUPING(e.status), e.status DESC LIMIT ${cap}`,
  cells: (r) => {
    const count = num(r.estimates);
    const converted = num(r.converted);
    return [
      r.status === null ? 'Total' : (estimateStatusLabels[num(r.status)] ?? String(r.status)),
      count,
      money(r.cents),
      converted,
      count ? Math.round((converted / count) * 1000) / 10 : 0,
    ];
  },
};

/**
 * Each completed order's margin: its total less what its products cost. The cost is read from the
 * stock movements the completion wrote (quantity × the product's cost then), so a later purchase that
 * moves the cost leaves a finished order's margin as it was; services cost nothing here.
 */
const orderMargin: ReportSpec = {
  name: 'order-margin',
  title: 'Margem por OS',
  description:
    'Ordens concluídas no período: total, custo dos produtos (pelo custo na conclusão), margem e margem (%).',
  filters: async (ctx) => [
    ...periodFilters(ctx.timeZone, { from: 'Concluída a partir de', to: 'Concluída até' }),
    await companyFilter(ctx),
    customerFilter,
  ],
  columns: [
    // The figures before the customer's name, so a phone shows them without scrolling sideways.
    { name: 'number', label: 'OS', type: 'int' },
    { name: 'finishedOn', label: 'Concluída em', type: 'date' },
    { name: 'revenue', label: 'Total', type: 'money' },
    { name: 'cost', label: 'Custo', type: 'money' },
    { name: 'margin', label: 'Margem', type: 'money' },
    { name: 'marginPercent', label: 'Margem (%)', type: 'percent' },
    { name: 'customer', label: 'Cliente', type: 'string' },
  ],
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

/** Every report, in the order the list shows them. */
export const reports: ReportSpec[] = [
  serviceOrders,
  revenueByMonth,
  revenueByCustomer,
  itemsSold,
  ordersPerWorker,
  estimates,
  receivables,
  orderMargin,
  cashFlow,
  nfseIssuedReport,
];
