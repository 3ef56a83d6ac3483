import { z } from 'zod';
import { orgParam } from './common.ts';

/**
 * Reports: the server holds the definitions (title, filters, columns) and answers the data; the web
 * builds the filter form and the table from them.
 */
export const reportFilterTypes = ['date', 'select', 'string'] as const;
export type ReportFilterType = (typeof reportFilterTypes)[number];

export const reportFilter = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(reportFilterTypes),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  /** Dates: the earliest/latest day (YYYY-MM-DD); strings: the shortest/longest length. */
  min: z.union([z.string(), z.number()]).optional(),
  max: z.union([z.string(), z.number()]).optional(),
  /** What the form starts with (dates as YYYY-MM-DD). */
  default: z.string().optional(),
});
export type ReportFilter = z.infer<typeof reportFilter>;

export const reportSummary = z.object({ name: z.string(), title: z.string(), description: z.string() });
export type ReportSummary = z.infer<typeof reportSummary>;
export const reportListResponse = z.object({ data: z.array(reportSummary) });

export const reportDefinition = reportSummary.extend({ filters: z.array(reportFilter) });
export type ReportDefinition = z.infer<typeof reportDefinition>;

/**
 * Column types: how the table and the CSV format a cell. `month` is 'YYYY-MM'; `percent` is 0–100;
 * `quantity` has up to 3 decimals (products sold by kg, m, l…).
 */
export const reportColumnTypes = [
  'string',
  'int',
  'quantity',
  'money',
  'date',
  'datetime',
  'month',
  'percent',
  /** Digits that are an identifier, not a number (an NFS-e's 50-digit key): a spreadsheet keeps them as text. */
  'code',
] as const;
export type ReportColumnType = (typeof reportColumnTypes)[number];
export const reportColumn = z.object({ name: z.string(), label: z.string(), type: z.enum(reportColumnTypes) });
export type ReportColumn = z.infer<typeof reportColumn>;

/**
 * How the screen draws the result: x and y are column names; series splits the bars by a column.
 * Instead of y alone, `bars` draws several columns as bars side by side and `lines` columns as lines
 * over them (a cash flow's movements and its balances), each named by its column's label and drawn in
 * `colors` (bars first, then lines) when given.
 */
export const reportChart = z.object({
  kind: z.enum(['bar', 'line']),
  title: z.string(),
  x: z.string(),
  y: z.string(),
  series: z.string().optional(),
  bars: z.array(z.string()).optional(),
  lines: z.array(z.string()).optional(),
  colors: z.array(z.string()).optional(),
});
export type ReportChart = z.infer<typeof reportChart>;

export type ReportCell = string | number | null;
export const reportResult = z.object({
  title: z.string(),
  /** When it was computed (ISO). */
  time: z.string(),
  header: z.array(reportColumn),
  body: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  /** Rows the filters match; the body stops at `cap` of them. */
  total: z.number().int(),
  cap: z.number().int(),
  chart: reportChart.nullable(),
});
export type ReportResult = z.infer<typeof reportResult>;

export const reportParams = orgParam.extend({ report: z.string().max(60) });
/** POST reports/{report}/data and /csv: the filter values by name, as the form holds them. */
export const reportDataBody = z.record(z.string(), z.string().max(200)).default({});
export type ReportDataBody = z.infer<typeof reportDataBody>;

export const reportMessages = {
  notFound: 'Relatório não encontrado.',
  invalidDate: 'Informe uma data válida',
  dateBefore: (d: string) => `A data deve ser a partir de ${d}`,
  dateAfter: (d: string) => `A data deve ser até ${d}`,
  endBeforeStart: 'A data final deve ser igual ou posterior à inicial',
  periodTooLong: (days: number) => `O período deve ter no máximo ${days} dias`,
  invalidOption: 'Selecione uma opção válida',
  tooShort: (n: number) => `Digite pelo menos ${n} caracteres`,
  tooLong: (n: number) => `Deve ter no máximo ${n} caracteres`,
  empty: '(Nenhum resultado encontrado)',
  exportFailed: 'Houve um erro ao exportar o arquivo',
} as const;
