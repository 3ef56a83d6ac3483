import type { SQL } from 'drizzle-orm';
import type { ReportCell, ReportChart, ReportColumn, ReportFilter } from '@ordem-certa/contracts';
import type { Db } from '@ordem-certa/db';
import type { ColumnNeeds } from '../access/values.ts';

export interface ReportContext {
  db: Db;
  organizationId: number;
  timeZone: string;
}

export type ReportRow = Record<string, unknown> & { total: string | number };

/** One report: its filters (some with options from the organization's data), columns, chart and query. */
export interface ReportSpec {
  name: string;
  title: string;
  description: string;
  filters(ctx: ReportContext): Promise<ReportFilter[]>;
  columns: ReportColumn[];
  /**
   * The permissions a column needs beyond `report.see`, by name; a money column not named needs
   * `price.see` (core/access/values.ts). A reader without them gets the report without the column.
   */
  columnNeeds?: ColumnNeeds;
  chart: ReportChart | null;
  /** The longest 'from'–'to' period it accepts, in days (default MAX_PERIOD_DAYS). */
  maxPeriodDays?: number;
  /** At most `cap` rows, each carrying the count of all matching rows as `total`. */
  query(ctx: ReportContext, values: Record<string, string>, cap: number): SQL;
  cells(row: ReportRow): ReportCell[];
}

/**
 * The reports the server offers, in the order the list shows them. Each feature writes the reports of
 * its own data and the app lists them together (modules/index.ts), so the reports feature reads no
 * other feature's tables through its code.
 */
export function reportRegistry(specs: ReportSpec[]) {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  if (byName.size !== specs.length) throw new Error('Two reports share a name');
  return { list: (): readonly ReportSpec[] => specs, find: (name: string) => byName.get(name) };
}

export type ReportRegistry = ReturnType<typeof reportRegistry>;
