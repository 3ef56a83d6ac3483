// The report of the estimates: how many were sent, approved and declined, and their value.
import { sql } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import type { ReportSpec } from '../../core/reports/registry.ts';
import { reportColumns } from '../../core/reports/report-columns.ts';
import { periodFilters } from '../../core/reports/report-filters.ts';
import { inPeriod, money, num, where } from '../../core/reports/report-parts.ts';

/** Estimate states as the estimate screens name them (stored values 0, 1, 10, -1). */
const estimateStatusLabels: Record<number, string> = {
  0: 'Rascunho',
  1: 'Em Andamento',
  10: 'Aprovado',
  [-1]: 'Cancelado',
};
export const estimates: ReportSpec = {
  name: 'estimates',
  title: 'Orçamentos por situação e conversão',
  description:
    'Orçamentos criados no período por situação, quantos geraram ordem de serviço (não cancelada) e a conversão.',
  filters: async (ctx) => [...periodFilters(ctx.timeZone, { from: 'Criado a partir de', to: 'Criado até' })],
  columns: [
    reportColumns.status,
    { name: 'estimates', label: 'Orçamentos', type: 'int' },
    reportColumns.value,
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
