import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '@ordem-certa/db';

/** What each read gives once awaited, in order. */
type Results<S extends readonly (() => unknown)[]> = {
  -readonly [K in keyof S]: S[K] extends () => infer R ? Awaited<R> : never;
};

/**
 * Runs several reads and gives their results in order: at once on the pool (each takes a connection of
 * its own), one after the other in a transaction. A transaction is one connection, and node-postgres runs
 * one statement at a time on it: statements sent together there only queue behind each other, with a
 * deprecation warning in node-postgres 8, and node-postgres 9 refuses them.
 */
export async function reads<S extends readonly (() => unknown)[]>(executor: Db | Tx, ...steps: S): Promise<Results<S>> {
  if (!(executor instanceof PgTransaction)) return (await Promise.all(steps.map((step) => step()))) as Results<S>;
  const results: unknown[] = [];
  for (const step of steps) results.push(await step());
  return results as Results<S>;
}
