import { and, eq } from 'drizzle-orm';
import { customerMessages } from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { conflict, isForeignKeyViolation } from '../../plugins/errors.ts';

/**
 * Deletes a customer; its addresses and equipment go with it (ON DELETE CASCADE). A customer with
 * service orders stays (409): the orders are the shop's history.
 */
export async function deleteCustomer(db: Db, organizationId: number, id: number) {
  try {
    const [row] = await db
      .delete(schema.customers)
      .where(and(eq(schema.customers.id, id), eq(schema.customers.organizationId, organizationId)))
      .returning({ id: schema.customers.id });
    assertFound(row);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(customerMessages.hasInvoices);
    throw err;
  }
}
