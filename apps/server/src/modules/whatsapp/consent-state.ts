import { and, desc, eq } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@ordem-certa/db';

const w = schema.whatsappConsents;

/** Whether the customer's consent in force is an agreement. Read in the transaction that queues a message. */
export async function hasConsent(db: Db | Tx, organizationId: number, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ optIn: w.optIn })
    .from(w)
    .where(and(eq(w.organizationId, organizationId), eq(w.customerId, customerId)))
    .orderBy(desc(w.id))
    .limit(1);
  return row?.optIn === true;
}
