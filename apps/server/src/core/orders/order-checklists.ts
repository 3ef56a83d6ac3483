import { asc, eq } from 'drizzle-orm';
import { isAnswered } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';

// An order is not completed while a required item of its checklists is unanswered.
const c = schema.invoiceChecklists;

/** The required items still unanswered on the order, as 'Checklist: item' (for the completion check). */
export async function requiredUnanswered(tx: Db | Tx, invoiceId: number): Promise<string[]> {
  const rows = await tx.select().from(c).where(eq(c.invoiceId, invoiceId)).orderBy(asc(c.id));
  return rows.flatMap((r) =>
    r.items
      .filter((item) => item.required && !isAnswered(item.kind, r.answers[String(item.id)] ?? null))
      .map((item) => `${r.name}: ${item.label}`),
  );
}
