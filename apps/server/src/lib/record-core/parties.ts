import { and, eq } from 'drizzle-orm';
import { schema, type Tx } from '@oficina/db';

const { companies: co, customers: cu, transactionNatures: tn } = schema;

/** The parties of a record as lists and details show them: the company, the customer and the nature. */
export const partyColumns = {
  companyId: co.id,
  companyName: co.name,
  companyIdentifier: co.identifier,
  companyType: co.type,
  customerId: cu.id,
  customerName: cu.name,
  customerIdentifier: cu.identifier,
  customerType: cu.type,
  transactionNatureName: tn.name,
};

/**
 * The company, customer and nature a new record names, each only if it is the organization's
 * (undefined otherwise); the caller says what a missing one answers.
 */
export async function findParties(
  tx: Tx,
  organizationId: number,
  ids: { company: number; customer: number; transactionNature: number },
) {
  const [[company], [customer], [nature]] = await Promise.all([
    tx
      .select({ id: co.id, name: co.name })
      .from(co)
      .where(and(eq(co.id, ids.company), eq(co.organizationId, organizationId))),
    tx
      .select({ id: cu.id, name: cu.name })
      .from(cu)
      .where(and(eq(cu.id, ids.customer), eq(cu.organizationId, organizationId))),
    tx
      .select({ id: tn.id, name: tn.name })
      .from(tn)
      .where(and(eq(tn.id, ids.transactionNature), eq(tn.organizationId, organizationId))),
  ]);
  return { company, customer, nature };
}
