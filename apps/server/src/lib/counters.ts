import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@ordem-certa/db';
import { queryRows } from './sql.ts';

/**
 * The next number of a per-organization sequence ('invoice', 'estimate'), taken inside the
 * transaction that creates the record, so there is no gap or duplicate under concurrency.
 * ON CONFLICT DO UPDATE row-locks the counter until that transaction ends, so concurrent creates
 * queue behind it and each sees the value the previous one committed; a rollback gives the number
 * back. `firstValue` is the number to start from when the organization has no counter row yet
 * (e.g. max(number) + 1 over rows that were imported or generated).
 */
export async function nextNumber(tx: Tx, organizationId: number, name: string, firstValue: SQL | number = 1) {
  const [row] = await queryRows<{ value: number }>(
    tx,
    sql`INSERT INTO counters (organization_id, name, value) VALUES (${organizationId}, ${name}, ${firstValue})
        ON CONFLICT (organization_id, name) DO UPDATE SET value = counters.value + 1
        RETURNING value`,
  );
  return Number(row!.value);
}
