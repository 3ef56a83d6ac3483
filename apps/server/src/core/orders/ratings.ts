import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@ordem-certa/db';

// The request to rate a completed order: one per order, made the first time the order is completed,
// whichever channel asks first (the e-mail, WhatsApp); each channel builds its link from the same row.

const r = schema.orderRatings;

/**
 * The order's rating request, made now if it has none: its id, the token of its link, and whether it
 * was made in this transaction — a channel asks the customer only then, so an order completed again
 * after being reopened is not asked twice, and every channel of the completion asks (the database's
 * now() is the transaction's start, the row's creation stamp).
 */
export async function ensureRating(tx: Db | Tx, organizationId: number, invoiceId: number) {
  await tx
    .insert(r)
    .values({ organizationId, invoiceId, token: randomBytes(18).toString('base64url') })
    .onConflictDoNothing({ target: [r.organizationId, r.invoiceId] });
  const [row] = await tx
    .select({ id: r.id, token: r.token, askNow: sql<boolean>`${r.createdAt} = now()` })
    .from(r)
    .where(and(eq(r.organizationId, organizationId), eq(r.invoiceId, invoiceId)));
  return row!;
}
