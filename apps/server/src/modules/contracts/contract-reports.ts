// The reports of the maintenance contracts: what they charged each month, how many there are in each
// situation and what they bring a month, the ones ended in a period, and their charges.
import { sql } from 'drizzle-orm';
import {
  contractStatuses,
  contractStatusLabels,
  frequencyLabels,
  frequencyMonths,
  type ContractStatus,
  type MaintenanceFrequency,
} from '@ordem-certa/contracts';
import type { ReportSpec } from '../../core/reports/registry.ts';
import { reportColumns } from '../../core/reports/report-columns.ts';
import { periodFilters } from '../../core/reports/report-filters.ts';
import { companyFilter, inPeriod, iso, money, num, str, where } from '../../core/reports/report-parts.ts';

/** An active contract's amount as a month's share, in cents (k: contracts). */
const monthlyShare = sql.raw(
  `round(k.amount_cents::numeric / CASE k.periodicity ${Object.entries(frequencyMonths)
    .map(([name, months]) => `WHEN '${name}' THEN ${months}`)
    .join(' ')} END)`,
);

export const contractRevenueByMonth: ReportSpec = {
  name: 'contract-revenue-by-month',
  title: 'Receita recorrente por mês',
  description: 'O que os contratos cobraram em cada mês (pelo dia de cobrança) e quanto disso já foi recebido.',
  filters: async (ctx) => [
    ...periodFilters(ctx.timeZone, { from: 'Cobrança a partir de', to: 'Cobrança até' }),
    await companyFilter(ctx),
  ],
  columns: [
    reportColumns.month,
    { name: 'contracts', label: 'Contratos cobrados', type: 'int' },
    { name: 'charged', label: 'Cobrado', type: 'money' },
    { name: 'received', label: 'Recebido', type: 'money' },
  ],
  chart: { kind: 'bar', title: 'Receita recorrente por mês', x: 'month', y: 'charged', bars: ['charged', 'received'] },
  query: (ctx, v, cap) => sql`
    SELECT to_char(date_trunc('month', kd.period_date), 'YYYY-MM') AS month, count(DISTINCT kd.contract_id) AS contracts,
           sum(kd.amount_cents) AS charged,
           sum(CASE WHEN r.payment_id IS NOT NULL OR i.is_paid THEN kd.amount_cents ELSE 0 END) AS received,
           count(*) OVER () AS total
      FROM contract_periods kd
      JOIN contracts k ON k.id = kd.contract_id
      LEFT JOIN receivables r ON r.id = kd.receivable_id
      LEFT JOIN invoices i ON i.id = kd.invoice_id
     WHERE ${where([
       sql`kd.organization_id = ${ctx.organizationId}`,
       sql`kd.period_date BETWEEN ${v.from!}::date AND ${v.to!}::date`,
       !!v.company && sql`k.company_id = ${Number(v.company)}`,
     ])}
     GROUP BY 1 ORDER BY 1 LIMIT ${cap}`,
  cells: (r) => [str(r.month), num(r.contracts), money(r.charged), money(r.received)],
};

export const contractsByStatus: ReportSpec = {
  name: 'contracts-by-status',
  title: 'Contratos por situação',
  description: 'Quantos contratos há em cada situação e quanto eles somam por mês (a receita recorrente mensal).',
  filters: async (ctx) => [await companyFilter(ctx)],
  columns: [
    reportColumns.status,
    { name: 'contracts', label: 'Contratos', type: 'int' },
    { name: 'monthly', label: 'Valor mensal', type: 'money' },
  ],
  chart: { kind: 'bar', title: 'Valor mensal por situação', x: 'status', y: 'monthly' },
  query: (ctx, v, cap) => sql`
    SELECT k.status, count(*) AS contracts, sum(${monthlyShare}) AS monthly, count(*) OVER () AS total
      FROM contracts k
     WHERE ${where([sql`k.organization_id = ${ctx.organizationId}`, !!v.company && sql`k.company_id = ${Number(v.company)}`])}
     GROUP BY k.status
     ORDER BY array_position(ARRAY[${sql.join(
       contractStatuses.map((s) => sql`${s}`),
       sql`, `,
     )}]::text[], k.status) LIMIT ${cap}`,
  cells: (r) => [contractStatusLabels[r.status as ContractStatus] ?? str(r.status), num(r.contracts), money(r.monthly)],
};

export const contractCancellations: ReportSpec = {
  name: 'contract-cancellations',
  title: 'Contratos encerrados',
  description: 'Os contratos encerrados no período, com o valor mensal que deixaram de trazer.',
  filters: async (ctx) => [
    ...periodFilters(ctx.timeZone, { from: 'Encerrado a partir de', to: 'Encerrado até' }),
    await companyFilter(ctx),
  ],
  columns: [
    { name: 'endedAt', label: 'Encerrado em', type: 'datetime' },
    { name: 'contract', label: 'Contrato', type: 'int' },
    reportColumns.customer,
    reportColumns.company,
    { name: 'startDate', label: 'Início', type: 'date' },
    { name: 'periodicity', label: 'Periodicidade', type: 'string' },
    { name: 'monthly', label: 'Valor mensal', type: 'money' },
    { name: 'periods', label: 'Cobranças feitas', type: 'int' },
  ],
  chart: null,
  query: (ctx, v, cap) => sql`
    SELECT k.ended_at, k.id, cu.name AS customer, co.name AS company, to_char(k.start_date, 'YYYY-MM-DD') AS start_date,
           k.periodicity, ${monthlyShare} AS monthly,
           (SELECT count(*) FROM contract_periods kd WHERE kd.contract_id = k.id) AS periods, count(*) OVER () AS total
      FROM contracts k
      JOIN customers cu ON cu.id = k.customer_id
      JOIN companies co ON co.id = k.company_id
     WHERE ${where([
       sql`k.organization_id = ${ctx.organizationId}`,
       sql`k.status = 'encerrado'`,
       inPeriod(ctx, sql`k.ended_at`, v),
       !!v.company && sql`k.company_id = ${Number(v.company)}`,
     ])}
     ORDER BY k.ended_at, k.id LIMIT ${cap}`,
  cells: (r) => [
    iso(r.ended_at),
    num(r.id),
    str(r.customer),
    str(r.company),
    str(r.start_date),
    frequencyLabels[r.periodicity as MaintenanceFrequency] ?? str(r.periodicity),
    money(r.monthly),
    num(r.periods),
  ],
};

export const contractReceivables: ReportSpec = {
  name: 'contract-receivables',
  title: 'Contas a receber dos contratos',
  description: 'As cobranças dos contratos com vencimento no período: em aberto, vencidas e recebidas.',
  filters: async (ctx) => [
    ...periodFilters(ctx.timeZone, { from: 'Vencimento a partir de', to: 'Vencimento até' }, 2),
    await companyFilter(ctx),
  ],
  columns: [
    { name: 'dueDate', label: 'Vencimento', type: 'date' },
    { name: 'contract', label: 'Contrato', type: 'int' },
    reportColumns.order,
    reportColumns.customer,
    reportColumns.value,
    reportColumns.status,
  ],
  chart: null,
  query: (ctx, v, cap) => sql`
    SELECT to_char(kd.period_date, 'YYYY-MM-DD') AS due, kd.contract_id, i.number, cu.name AS customer, kd.amount_cents,
           CASE WHEN r.payment_id IS NOT NULL OR i.is_paid THEN 'Recebida'
                WHEN kd.period_date < (now() AT TIME ZONE ${ctx.timeZone})::date THEN 'Vencida'
                ELSE 'Em aberto' END AS status,
           count(*) OVER () AS total
      FROM contract_periods kd
      JOIN contracts k ON k.id = kd.contract_id
      JOIN customers cu ON cu.id = k.customer_id
      LEFT JOIN invoices i ON i.id = kd.invoice_id
      LEFT JOIN receivables r ON r.id = kd.receivable_id
     WHERE ${where([
       sql`kd.organization_id = ${ctx.organizationId}`,
       sql`kd.period_date BETWEEN ${v.from!}::date AND ${v.to!}::date`,
       !!v.company && sql`k.company_id = ${Number(v.company)}`,
     ])}
     ORDER BY kd.period_date, kd.id LIMIT ${cap}`,
  cells: (r) => [str(r.due), num(r.contract_id), num(r.number), str(r.customer), money(r.amount_cents), str(r.status)],
};

/** The reports of the contracts feature, for the reports list. */
export const contractReports: ReportSpec[] = [
  contractRevenueByMonth,
  contractsByStatus,
  contractCancellations,
  contractReceivables,
];
