import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { ImportKind } from '@ordem-certa/contracts';
import type { Db, Tx } from '@ordem-certa/db';
import type { addressPlaces } from '../../core/places/address-places.ts';

/** The places (IBGE codes by CEP, city and UF) of one import's addresses. */
export type ImportPlaces = ReturnType<typeof addressPlaces>;

/** A data row's text by field key (only the mapped fields). */
export type RowValues = Record<string, string>;

export interface FieldError {
  field: string;
  message: string;
}

/**
 * A row after its check: the record to write, or its errors. `name` marks a row whose only hope is a
 * registered record of that name (a customer without CPF/CNPJ): it is skipped as existing when one
 * matches, and refused with its errors otherwise.
 */
export type CheckedRow<R> =
  { record: R; errors?: undefined } | { errors: FieldError[]; record?: undefined; name?: string };

/** What the import looks up in the database: a checked record, or just the name of a row without one. */
export type Lookup<R> = { record: R; name?: undefined } | { name: string; record?: undefined };

/**
 * One kind of import (customers, products, services): how a row is checked with the kind's create
 * schemas, how rows repeat one another, how a row matches a registered record, and how new rows are
 * written in bulk.
 */
export interface ImportKindRules<R> {
  kind: ImportKind;
  /** Fields mapped together: when one of a group has a column, the group's required ones must too. */
  groups?: Array<{ fields: string[]; required: string[] }>;
  check(values: RowValues): CheckedRow<R>;
  /** A fresh tracker of the file's rows: says when a record repeats an earlier row's identifier or code. */
  repeats(): (record: R, row: number) => FieldError | undefined;
  /** For each lookup, whether a record of the organization already stands for it. */
  existing(db: Db | Tx, organizationId: number, lookups: Array<Lookup<R>>): Promise<boolean[]>;
  /**
   * Before a batch is looked up and written (outside its transaction): what the batch's rows need from
   * outside, e.g. their addresses' IBGE codes; a row may gain errors that refuse it.
   */
  resolve?(places: ImportPlaces, batch: Array<{ lookup: Lookup<R>; errors?: FieldError[] }>): Promise<void>;
  /** Writes the records in one statement per table; answers how many were written (a row someone else just wrote is not). */
  insert(tx: Tx, organizationId: number, records: R[]): Promise<number>;
}

/** zod's issues as field errors: the issue's first path segment, renamed where the row's field differs. */
export function issuesOf(error: z.ZodError, rename: Record<string, string> = {}): FieldError[] {
  return error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    return { field: rename[key] ?? key, message: issue.message };
  });
}

/** A list of texts as one JSON parameter: the same statement on PGlite and on PostgreSQL, whatever its length. */
export const jsonList = (values: unknown[]) => sql`${JSON.stringify(values)}::json`;

/** 'São  Paulo ' → 'sao paulo': how names are compared inside a file (the database compares with f_unaccent(lower())). */
export const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
