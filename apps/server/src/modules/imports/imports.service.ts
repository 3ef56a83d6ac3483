import { sql } from 'drizzle-orm';
import {
  IMPORT_BATCH_ROWS,
  importFieldLabel,
  importMapping,
  importMessages,
  type ImportKind,
  type ImportMapping,
  type ImportResult,
  type ImportRowError,
  type ImportRowStatus,
} from '@ordem-certa/contracts';
import type { Db, Tx } from '@ordem-certa/db';
import { AppError, invalid } from '../../lib/errors.ts';
import { TaskFailed, TaskRefused, type Session } from '../../lib/task-pool.ts';
import { rulesOf, type Candidate, type ImportCheck, type ImportCheckInput } from './import-check.ts';
import { addressPlaces, type CepLookupFn } from '../../core/places/address-places.ts';
import type { FastifyBaseLogger } from 'fastify';

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

/** One import at a time per organization and kind, so two imports of one file cannot both add its rows. */
const lockImports = (tx: Tx, organizationId: number, kind: ImportKind) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`import:${kind}:${organizationId}`}, 0))`);

export interface ImportInput {
  file: Buffer;
  mapping?: ImportMapping;
  /** Check and preview only: nothing is written. */
  dryRun: boolean;
}

/** What an import asks outside the database: the CEP lookup (null: none) and the log its failures go to. */
export interface ImportOutside {
  lookupCep: CepLookupFn | null;
  log: FastifyBaseLogger;
}

/**
 * Starts the check of a file in a task thread (waiting while the organization's other import, or the
 * process's two, run) and keeps that thread for the batches: src/tasks.ts `openImportCheck`.
 */
export type OpenImportCheck = (organizationId: number, input: ImportCheckInput) => Promise<Session<ImportCheck>>;

/** The check's refusal (a 422 on the file or the mapping) as thrown in its thread; a thread out of memory, a 422 too. */
function fromTask(err: unknown): unknown {
  if (err instanceof TaskRefused && typeof err.detail.statusCode === 'number')
    return new AppError(err.detail.statusCode, err.detail.errors as Record<string, string[]>);
  if (err instanceof TaskFailed && err.outOfMemory) return invalid({ file: importMessages.xlsxTooLarge });
  return err;
}

/**
 * Checks every row of the file with the kind's create schemas (in a task thread: `open`), gets what a
 * batch needs from outside (the addresses' IBGE codes, before its transaction) and, unless a dry run,
 * writes the new valid rows, IMPORT_BATCH_ROWS per transaction. A batch looks up which of its
 * rows are already registered inside its own transaction, under the kind's lock, so running the same
 * file again — or an import cut short, whose finished batches stay — adds only what is missing.
 */
export async function runImport(
  db: Db,
  open: OpenImportCheck,
  organizationId: number,
  kind: ImportKind,
  input: ImportInput,
  outside: ImportOutside,
): Promise<ImportResult> {
  const session = await open(organizationId, { kind, file: input.file, mapping: input.mapping }).catch((err) => {
    throw fromTask(err);
  });
  try {
    return await importChecked(db, session, organizationId, kind, input.dryRun, outside);
  } catch (err) {
    throw fromTask(err);
  } finally {
    session.close();
  }
}

async function importChecked(
  db: Db,
  session: Session<ImportCheck>,
  organizationId: number,
  kind: ImportKind,
  dryRun: boolean,
  outside: ImportOutside,
): Promise<ImportResult> {
  const check = session.initial;
  const result = {
    dryRun,
    totalRows: check.totalRows,
    ready: 0,
    imported: 0,
    existing: 0,
    invalid: check.invalid,
    skipped: 0,
    errors: [] as ImportRowError[],
    columns: check.columns,
    missingFields: check.missingFields,
    preview: [] as ImportResult['preview'],
  };
  const status = new Map<number, ImportRowStatus>();
  const preview = () =>
    check.previewRows.map(({ row, values }) => ({ row, status: status.get(row) ?? 'invalid', values }));

  if (check.missingFields.length) {
    if (!dryRun)
      throw invalid({
        mapping: importMessages.missingFields(check.missingFields.map((f) => importFieldLabel(kind, f))),
      });
    return { ...result, skipped: check.totalRows, preview: preview() };
  }

  const rules = rulesOf[kind];
  const places = addressPlaces({ db, log: outside.log }, outside.lookupCep);
  const refused: ImportRowError[] = [];
  for (let start = 0; start < check.candidates; start += IMPORT_BATCH_ROWS) {
    const batch = await session.call<Candidate[]>('batch', { start, size: IMPORT_BATCH_ROWS });
    // Before the batch's transaction, so no lock waits on the CEP services.
    await rules.resolve?.(places, batch);
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
        } else if (c.errors) {
          result.invalid++;
          for (const e of c.errors) refused.push({ row: c.row, ...e });
        } else {
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
    if (dryRun) await step(db, null);
    else
      await db.transaction(async (tx) => {
        await lockImports(tx, organizationId, kind);
        await step(tx, (records) => rules.insert(tx, organizationId, records));
      });
  }

  result.errors = await session.call<ImportRowError[]>('errors', refused);
  result.skipped = result.totalRows - (dryRun ? result.ready : result.imported);
  return { ...result, preview: preview() };
}
