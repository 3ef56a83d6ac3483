import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Alphabetical order as a pt-BR reader expects it ("Água" beside "agua", "Z" after "a"), the same on
 * PGlite and on PostgreSQL whatever the database collation.
 */
export const alphabetical = (column: AnyPgColumn) => sql`f_unaccent(lower(${column}))`;
