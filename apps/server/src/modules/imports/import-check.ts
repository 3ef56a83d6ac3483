import {
  fieldForHeader,
  IMPORT_PREVIEW_ROWS,
  importFieldLabel,
  importFields,
  importMessages,
  type ImportKind,
  type ImportMapping,
  type ImportRowError,
} from '@ordem-certa/contracts';
import { invalid } from '../../lib/errors.ts';
import type { TaskAnswer } from '../../lib/task-pool.ts';
import { productImport, serviceImport } from './catalog-import.ts';
import { customerImport } from './customer-import.ts';
import type { FieldError, ImportKindRules, Lookup, RowValues } from './import-kind.ts';
import { readSpreadsheet } from './spreadsheet.ts';

// An import's CPU-bound part, run in a task worker thread (src/tasks.ts): the file read, its columns
// resolved and every row checked with the kind's create schemas. The thread keeps the rows that may be
// written and hands them to the main thread a batch at a time, which looks them up and writes them.

export const rulesOf: { [K in ImportKind]: ImportKindRules<unknown> } = {
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

const valuesOf = (columns: ImportColumn[], cells: string[]): RowValues =>
  Object.fromEntries(columns.flatMap((c, i) => (c.field ? [[c.field, cells[i] ?? '']] : [])));

/** The column's first value among the preview's rows, to tell on the screen what the column holds. */
const sampleOf = (rows: Array<{ cells: string[] }>, column: number) =>
  rows
    .slice(0, IMPORT_PREVIEW_ROWS)
    .map((r) => r.cells[column] ?? '')
    .find((v) => v !== '') ?? '';

/** A row that may be written: its lookup, and the errors that refuse it unless a registered record matches. */
export interface Candidate {
  row: number;
  lookup: Lookup<unknown>;
  errors?: FieldError[];
}

/** What the check answers first; the rows themselves follow by batch. */
export interface ImportCheck {
  totalRows: number;
  columns: Array<ImportColumn & { sample: string }>;
  missingFields: string[];
  /** The first rows' values, for the preview. */
  previewRows: Array<{ row: number; values: RowValues }>;
  /** Rows the check refused (each with its errors, told at the end). */
  invalid: number;
  candidates: number;
}

export interface ImportCheckInput {
  kind: ImportKind;
  file: Uint8Array;
  mapping?: ImportMapping;
}

/**
 * The task: reads and checks the file. Its session then answers `batch` ({start, size} → the
 * candidates there) and `errors` (the main thread's errors → every row error, by row).
 */
export async function startImportCheck(input: ImportCheckInput) {
  const sheet = await readSpreadsheet(Buffer.from(input.file.buffer, input.file.byteOffset, input.file.byteLength));
  const { columns, missingFields } = resolveColumns(input.kind, sheet.headers, input.mapping);
  const rows = sheet.rows.map((r) => ({ row: r.row, values: valuesOf(columns, r.cells) }));
  const errors: ImportRowError[] = [];
  const candidates: Candidate[] = [];
  let refused = 0;
  if (!missingFields.length) {
    const rules = rulesOf[input.kind];
    const refuse = (row: number, found: FieldError[]) => {
      refused++;
      for (const e of found) errors.push({ row, ...e });
    };
    const repeats = rules.repeats();
    for (const { row, values } of rows) {
      const checked = rules.check(values);
      if (!checked.errors) {
        const repeated = repeats(checked.record, row);
        if (repeated) refuse(row, [repeated]);
        else candidates.push({ row, lookup: { record: checked.record } });
      } else if (checked.name !== undefined) {
        candidates.push({ row, lookup: { name: checked.name }, errors: checked.errors });
      } else refuse(row, checked.errors);
    }
  }
  const check: ImportCheck = {
    totalRows: rows.length,
    columns: columns.map((c, i) => ({ ...c, sample: sampleOf(sheet.rows, i) })),
    missingFields,
    previewRows: rows.slice(0, IMPORT_PREVIEW_ROWS),
    invalid: refused,
    candidates: candidates.length,
  };
  return {
    answer: { result: check } as TaskAnswer,
    calls: {
      batch: ({ start, size }: { start: number; size: number }): TaskAnswer => ({
        result: candidates.slice(start, start + size),
      }),
      errors: (more: ImportRowError[]): TaskAnswer => ({
        result: [...errors, ...more].sort((a, b) => a.row - b.row),
      }),
    },
  };
}
