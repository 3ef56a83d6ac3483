import { sql } from 'drizzle-orm';
import {
  fieldForHeader,
  IMPORT_BATCH_ROWS,
  IMPORT_PREVIEW_ROWS,
  importFieldLabel,
  importFields,
  importMapping,
  importMessages,
  type ImportKind,
  type ImportMapping,
  type ImportResult,
  type ImportRowError,
  type ImportRowStatus,
} from '@ordem-certa/contracts';
import type { Db, Tx } from '@ordem-certa/db';
import { invalid } from '../../lib/errors.ts';
import { productImport, serviceImport } from './catalog-import.ts';
import { customerImport } from './customer-import.ts';
import type { FieldError, ImportKindRules, Lookup, RowValues } from './import-kind.ts';
import { readSpreadsheet } from './spreadsheet.ts';

const rulesOf: { [K in ImportKind]: ImportKindRules<unknown> } = {
  customers: customerImport as ImportKindRules<unknown>,
  products: productImport as ImportKindRules<unknown>,
  services: serviceImport as ImportKindRules<unknown>,
};

export interface ImportColumn {
  header: string;
  field: string | null;
}

/**
 * The field each column goes to: the one `requested` names for its header ('' leaves it out), else the
 * one its header names by itself (Nome, CPF/CNPJ, Preço…) unless another column already has it. Also
 * the required fields no column went to, a group's included (an address needs its street, an
 * equipment its name, brand, model and serial number).
 */
export function resolveColumns(kind: ImportKind, headers: string[], requested: ImportMapping = {}) {
  const fields = importFields[kind];
  const chosen = headers.map((h) => (Object.hasOwn(requested, h) ? requested[h] || null : undefined));
  const taken = new Map<string, number>();
  chosen.forEach((field, i) => {
    if (!field) return;
    if (!fields.some((f) => f.key === field)) throw invalid({ mapping: importMessages.unknownField(headers[i]!) });
    const before = taken.get(field);
    if (before !== undefined)
      throw invalid({
        mapping: importMessages.sameField(importFieldLabel(kind, field), headers[before]!, headers[i]!),
      });
    taken.set(field, i);
  });
  const columns: ImportColumn[] = headers.map((header, i) => {
    let field = chosen[i];
    if (field === undefined) {
      const named = fieldForHeader(kind, header);
      field = named && !taken.has(named) ? named : null;
      if (field) taken.set(field, i);
    }
    return { header, field };
  });
  const required = new Set(fields.filter((f) => f.required).map((f) => f.key));
  for (const group of rulesOf[kind].groups ?? [])
    if (group.fields.some((f) => taken.has(f))) group.required.forEach((f) => required.add(f));
  const missingFields = fields.filter((f) => required.has(f.key) && !taken.has(f.key)).map((f) => f.key);
  return { columns, missingFields };
}

/** The `mapping` field of the request: JSON of header → field. */
export function parseMapping(text: string | undefined): ImportMapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid({ mapping: importMessages.mappingJson });
  }
  const parsed = importMapping.safeParse(json);
  if (!parsed.success) throw invalid({ mapping: importMessages.mappingJson });
  return parsed.data;
}

const valuesOf = (columns: ImportColumn[], cells: string[]): RowValues =>
  Object.fromEntries(columns.flatMap((c, i) => (c.field ? [[c.field, cells[i] ?? '']] : [])));

/** The column's first value among the preview's rows, to tell on the screen what the column holds. */
const sampleOf = (rows: Array<{ cells: string[] }>, column: number) =>
  rows
    .slice(0, IMPORT_PREVIEW_ROWS)
    .map((r) => r.cells[column] ?? '')
    .find((v) => v !== '') ?? '';

const CHECK_SLICE = 500;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One import at a time per organization and kind, so two imports of one file cannot both add its rows. */
const lockImports = (tx: Tx, organizationId: number, kind: ImportKind) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`import:${kind}:${organizationId}`}, 0))`);

export interface ImportInput {
  file: Buffer;
  mapping?: ImportMapping;
  /** Check and preview only: nothing is written. */
  dryRun: boolean;
}

/**
 * Reads the file, checks every row with the kind's create schemas, and (unless a dry run) writes the
 * new valid rows, IMPORT_BATCH_ROWS per transaction. A batch looks up which of its rows are already
 * registered inside its own transaction, under the kind's lock, so running the same file again — or an
 * import cut short, whose finished batches stay — adds only what is missing.
 */
export async function runImport(db: Db, organizationId: number, kind: ImportKind, input: ImportInput) {
  const sheet = await readSpreadsheet(input.file);
  const { columns, missingFields } = resolveColumns(kind, sheet.headers, input.mapping);
  const rows = sheet.rows.map((r) => ({ row: r.row, values: valuesOf(columns, r.cells) }));
  const result = {
    dryRun: input.dryRun,
    totalRows: rows.length,
    ready: 0,
    imported: 0,
    existing: 0,
    invalid: 0,
    skipped: 0,
    errors: [] as ImportRowError[],
    columns: columns.map((c, i) => ({ ...c, sample: sampleOf(sheet.rows, i) })),
    missingFields,
    preview: [] as ImportResult['preview'],
  };
  const status = new Map<number, ImportRowStatus>();
  const preview = () =>
    rows
      .slice(0, IMPORT_PREVIEW_ROWS)
      .map(({ row, values }) => ({ row, status: status.get(row) ?? 'invalid', values }));

  if (missingFields.length) {
    if (!input.dryRun)
      throw invalid({ mapping: importMessages.missingFields(missingFields.map((f) => importFieldLabel(kind, f))) });
    return { ...result, skipped: rows.length, preview: preview() };
  }

  const rules = rulesOf[kind];
  const refuse = (row: number, errors: FieldError[]) => {
    status.set(row, 'invalid');
    result.invalid++;
    for (const e of errors) result.errors.push({ row, ...e });
  };
  const repeats = rules.repeats();
  const candidates: Array<{ row: number; lookup: Lookup<unknown>; errors?: FieldError[] }> = [];
  for (const [i, { row, values }] of rows.entries()) {
    // Checking 20,000 rows takes a second or two of CPU: other requests get their turn in between.
    if (i % CHECK_SLICE === CHECK_SLICE - 1) await yieldToOthers();
    const checked = rules.check(values);
    if (!checked.errors) {
      const repeated = repeats(checked.record, row);
      if (repeated) refuse(row, [repeated]);
      else candidates.push({ row, lookup: { record: checked.record } });
    } else if (checked.name !== undefined) {
      candidates.push({ row, lookup: { name: checked.name }, errors: checked.errors });
    } else refuse(row, checked.errors);
  }

  for (let start = 0; start < candidates.length; start += IMPORT_BATCH_ROWS) {
    const batch = candidates.slice(start, start + IMPORT_BATCH_ROWS);
    const step = async (q: Db | Tx, write: ((records: unknown[]) => Promise<number>) | null) => {
      const found = await rules.existing(
        q,
        organizationId,
        batch.map((c) => c.lookup),
      );
      const fresh: unknown[] = [];
      batch.forEach((c, i) => {
        if (found[i]) {
          status.set(c.row, 'existing');
          result.existing++;
        } else if (c.errors) refuse(c.row, c.errors);
        else {
          status.set(c.row, 'new');
          fresh.push(c.lookup.record);
        }
      });
      result.ready += fresh.length;
      if (write && fresh.length) {
        const written = await write(fresh);
        result.imported += written;
        // Rows registered by someone else between the look-up and the write.
        result.existing += fresh.length - written;
      }
    };
    if (input.dryRun) await step(db, null);
    else
      await db.transaction(async (tx) => {
        await lockImports(tx, organizationId, kind);
        await step(tx, (records) => rules.insert(tx, organizationId, records));
      });
  }

  result.errors.sort((a, b) => a.row - b.row);
  result.skipped = result.totalRows - (input.dryRun ? result.ready : result.imported);
  return { ...result, preview: preview() };
}
