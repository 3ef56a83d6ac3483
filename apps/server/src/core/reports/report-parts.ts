// What the reports are written with: the period in the organization's time zone, the cells as the
// result carries them, and the filters several reports offer.
import { sql, type SQL } from 'drizzle-orm';
import {
  fromCents,
  InvoiceState,
  invoiceStateLabels,
  invoiceStateValues,
  type ReportFilter,
} from '@ordem-certa/contracts';
import { queryRows } from '../../lib/sql.ts';
import type { ReportContext } from './registry.ts';
import { periodFilters } from './report-filters.ts';

/** The start of day `from` and the end of day `to` in the organization's time zone. */
export const startOf = (ctx: ReportContext, day: string) =>
  sql`((${day}::date)::timestamp AT TIME ZONE ${ctx.timeZone})`;
export const endOf = (ctx: ReportContext, day: string) =>
  sql`((${day}::date + 1)::timestamp AT TIME ZONE ${ctx.timeZone})`;
export const inPeriod = (ctx: ReportContext, column: SQL, v: Record<string, string>) =>
  sql`${column} >= ${startOf(ctx, v.from!)} AND ${column} < ${endOf(ctx, v.to!)}`;
/**
 * The period's months in the organization's zone as [a, b) timestamp ranges (m: the month's first
 * day). Joining orders to these ranges reads each month through the (organization_id, created_at)
 * or finished index instead of converting every order's time zone: 1.5× faster on PGlite.
 */
export const monthRanges = (ctx: ReportContext, v: Record<string, string>) => sql`
  SELECT m, greatest(m AT TIME ZONE ${ctx.timeZone}, ${startOf(ctx, v.from!)}) AS a,
         least((m + interval '1 month') AT TIME ZONE ${ctx.timeZone}, ${endOf(ctx, v.to!)}) AS b
    FROM generate_series(date_trunc('month', ${v.from!}::date::timestamp), ${v.to!}::date::timestamp, interval '1 month') m`;
export const where = (parts: Array<SQL | undefined | false>) =>
  sql.join(
    parts.filter((p): p is SQL => !!p),
    sql` AND `,
  );

/** A cell from a row's raw value: a number (0 for none), money from cents, an ISO time, text. */
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
export const money = (cents: unknown) => fromCents(num(cents));
export const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
export const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function companyFilter(ctx: ReportContext): Promise<ReportFilter> {
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
export const customerFilter: ReportFilter = {
  name: 'customer',
  label: 'Cliente',
  type: 'string',
  required: false,
  min: 2,
  max: 100,
};
export const stateFilter: ReportFilter = {
  name: 'state',
  label: 'Situação',
  type: 'select',
  required: false,
  options: invoiceStateValues.map((s) => ({ value: String(s), label: invoiceStateLabels[s] })),
};
/** The order (aliased i) is Completed: what revenue counts. */
export const completed = sql`i.state = ${InvoiceState.Completed}`;
/** The order's (aliased i) total after its discount, in cents. */
export const net = sql`(i.subtotal_cents - i.discount_cents)`;

/** The period the orders were completed in, and the one they were opened in, as the order reports ask them. */
export const completedPeriod = (ctx: ReportContext, months?: number) =>
  periodFilters(ctx.timeZone, { from: 'Concluída a partir de', to: 'Concluída até' }, months);
export const openedPeriod = (ctx: ReportContext) =>
  periodFilters(ctx.timeZone, { from: 'Aberta a partir de', to: 'Aberta até' });
