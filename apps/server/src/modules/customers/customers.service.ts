import { and, eq } from 'drizzle-orm';
import {
  customerMessages,
  customerPrivacyMessages,
  type CustomerDetail,
  type UpdateCustomerBody,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { conflict, isForeignKeyViolation } from '../../lib/errors.ts';
import { partyDetailColumns, updateParty } from '../../core/registers/parties.ts';
import { assertFound } from '../../core/access/access.ts';

const cu = schema.customers;

/** GET customers/{id}: the customer with when it was anonymized (LGPD), if it was. */
export async function getCustomer(db: Db, organizationId: number, id: number): Promise<CustomerDetail> {
  const [row] = await db
    .select({ ...partyDetailColumns(cu), anonymizedAt: cu.anonymizedAt })
    .from(cu)
    .where(and(eq(cu.id, id), eq(cu.organizationId, organizationId)));
  const found = assertFound(row);
  return { ...found, anonymizedAt: found.anonymizedAt?.toISOString() ?? null };
}

/** PUT customers/{id}; an anonymized customer takes no edits (409): its data is gone for good. */
export async function updateCustomer(db: Db, organizationId: number, id: number, body: UpdateCustomerBody) {
  const current = await getCustomer(db, organizationId, id);
  if (current.anonymizedAt) throw conflict(customerPrivacyMessages.anonymizedLocked);
  const row = await updateParty(db, cu, organizationId, id, body);
  return { ...row, anonymizedAt: null };
}

/**
 * Deletes a customer; its addresses and equipment go with it (ON DELETE CASCADE). A customer with
 * service orders stays (409): the orders are the shop's history.
 */
export async function deleteCustomer(db: Db, organizationId: number, id: number) {
  try {
    const [row] = await db
      .delete(cu)
      .where(and(eq(cu.id, id), eq(cu.organizationId, organizationId)))
      .returning({ id: cu.id });
    assertFound(row);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(customerMessages.hasInvoices);
    throw err;
  }
}
