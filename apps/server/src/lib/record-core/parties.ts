import { and, eq, sql } from 'drizzle-orm';
import { customerPrivacyMessages } from '@oficina/contracts';
import { schema, type Tx } from '@oficina/db';
import { invalid } from '../../plugins/errors.ts';
import type { AuditChange } from '../audit.ts';
import { nextNumber } from '../counters.ts';

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
 * (undefined otherwise); the caller says what a missing one answers. An anonymized customer (LGPD)
 * takes no new record: 422 on the customer.
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
      .select({ id: cu.id, name: cu.name, anonymizedAt: cu.anonymizedAt })
      .from(cu)
      .where(and(eq(cu.id, ids.customer), eq(cu.organizationId, organizationId))),
    tx
      .select({ id: tn.id, name: tn.name })
      .from(tn)
      .where(and(eq(tn.id, ids.transactionNature), eq(tn.organizationId, organizationId))),
  ]);
  if (customer?.anonymizedAt) throw invalid({ customer: customerPrivacyMessages.noNewRecords });
  return { company, customer, nature };
}

type Party = { id: number; name: string };

/**
 * The head of a new record: the next number of its kind in the organization (taken in the caller's
 * transaction, so no gap and no duplicate), its parties and its author, with the audit lines that say
 * so. The first number continues from the highest one already there.
 */
export async function newRecordHead(
  tx: Tx,
  /** userId null: made by the server itself (a maintenance plan's job), with no author. */
  actor: { organizationId: number; userId: number | null },
  kind: { counter: string; table: 'estimates' | 'invoices' },
  parties: { company: Party; customer: Party; nature: Party },
) {
  const org = actor.organizationId;
  const number = await nextNumber(
    tx,
    org,
    kind.counter,
    sql`(SELECT coalesce(max(number), 0) + 1 FROM ${sql.identifier(kind.table)} WHERE organization_id = ${org})`,
  );
  const { company, customer, nature } = parties;
  const changes: AuditChange[] = [
    { field: 'number', before: null, after: number },
    { field: 'company', before: null, after: company.name },
    { field: 'customer', before: null, after: customer.name },
    { field: 'transactionNature', before: null, after: nature.name },
  ];
  return {
    number,
    values: {
      organizationId: org,
      number,
      companyId: company.id,
      customerId: customer.id,
      transactionNatureId: nature.id,
      createdById: actor.userId,
    },
    changes,
  };
}
