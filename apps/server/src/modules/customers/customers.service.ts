import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';

/** Deletes a customer; its addresses and equipment go with it (ON DELETE CASCADE). */
export async function deleteCustomer(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .delete(schema.customers)
    .where(and(eq(schema.customers.id, id), eq(schema.customers.organizationId, organizationId)))
    .returning({ id: schema.customers.id });
  assertFound(row);
}
