import { eq } from 'drizzle-orm';
import { reportMessages, type ReportChart, type ReportDefinition, type ReportResult } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { notFound } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import type { ReportContext, ReportRegistry, ReportRow, ReportSpec } from '../../core/reports/registry.ts';
import { validateFilters } from '../../core/reports/report-filters.ts';
import { columnShownTo } from '../../core/access/values.ts';
import type { Actor } from '../../core/access/access.ts';

/** A report shows at most this many rows (the screen says so); the CSV carries the same rows. */
export const REPORT_ROW_CAP = 500;

export const listReports = (reports: ReportRegistry) => ({
  data: reports.list().map((r) => ({ name: r.name, title: r.title, description: r.description })),
});

function findReport(reports: ReportRegistry, name: string): ReportSpec {
  const spec = reports.find(name);
  if (!spec) throw notFound(reportMessages.notFound);
  return spec;
}

async function context(db: Db, organizationId: number): Promise<ReportContext> {
  const [org] = await db
    .select({ timeZone: schema.organizations.timeZone })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  return { db, organizationId, timeZone: org?.timeZone ?? 'America/Sao_Paulo' };
}

/** GET reports/{report}/filters: what the form asks for (options from the organization's own data). */
export async function reportDefinition(
  db: Db,
  reports: ReportRegistry,
  organizationId: number,
  name: string,
): Promise<ReportDefinition> {
  const spec = findReport(reports, name);
  const ctx = await context(db, organizationId);
  return { name: spec.name, title: spec.title, description: spec.description, filters: await spec.filters(ctx) };
}

/** POST reports/{report}/data: validates each filter (422 per field), then runs the bounded query. */
export async function runReport(
  db: Db,
  reports: ReportRegistry,
  viewer: Actor,
  name: string,
  body: Record<string, string>,
): Promise<{ result: ReportResult; timeZone: string }> {
  const spec = findReport(reports, name);
  const ctx = await context(db, viewer.organizationId);
  const values = validateFilters(await spec.filters(ctx), body, spec.maxPeriodDays);
  const rows = await queryRows<ReportRow>(db, spec.query(ctx, values, REPORT_ROW_CAP));
  // The columns the viewer may not read (prices, costs) are left out of the header and every row, and
  // so of the CSV made from this result; a chart drawn from one of them is not sent.
  const shown = spec.columns.flatMap((c, i) => (columnShownTo(viewer, c, spec.columnNeeds) ? [i] : []));
  const all = shown.length === spec.columns.length;
  const names = new Set(shown.map((i) => spec.columns[i]!.name));
  const chart = spec.chart && chartColumns(spec.chart).every((c) => names.has(c)) ? spec.chart : null;
  return {
    timeZone: ctx.timeZone,
    result: {
      title: spec.title,
      time: new Date().toISOString(),
      header: all ? spec.columns : shown.map((i) => spec.columns[i]!),
      body: rows.map((row) => {
        const cells = spec.cells(row);
        return all ? cells : shown.map((i) => cells[i]!);
      }),
      total: Number(rows[0]?.total ?? 0),
      cap: REPORT_ROW_CAP,
      chart,
    },
  };
}

/** The columns a chart draws. */
const chartColumns = (chart: ReportChart) => [
  chart.x,
  chart.y,
  ...(chart.series ? [chart.series] : []),
  ...(chart.bars ?? []),
  ...(chart.lines ?? []),
];
