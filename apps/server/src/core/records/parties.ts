import { and, eq, sql } from 'drizzle-orm';
import { customerPrivacyMessages } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import { invalid } from '../../lib/errors.ts';
import type { AuditChange } from '../audit/audit.ts';
import { nextNumber } from '../../lib/counters.ts';
import { reads } from '../../lib/reads.ts';

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
 * The same parties read one row at a time, by primary key, in subqueries of a record list's statement
 * (`records`: the list's table, 'invoices' or 'estimates'). A page of 25 rows costs nothing more this way,
 * and PostgreSQL plans it in a fraction of the time a four-table join takes (the order list planned its
 * join for 1.2 ms on every request, to run it in 0.35 ms). partyFields() turns them into partyColumns' shape.
 */
export function partySubqueries(records: 'invoices' | 'estimates') {
  const of = (column: string) => `"${records}"."${column}"`;
  const one = <T>(text: string) => sql<T>`${sql.raw(`(${text})`)}`;
  return {
    company: one<[string, string, number]>(
      `SELECT json_build_array(c.name, c.identifier, c.type) FROM companies c WHERE c.id = ${of('company_id')}`,
    ),
    customer: one<[string, string, number]>(
      `SELECT json_build_array(c.name, c.identifier, c.type) FROM customers c WHERE c.id = ${of('customer_id')}`,
    ),
    transactionNatureName: one<string>(
      `SELECT n.name FROM transaction_natures n WHERE n.id = ${of('transaction_nature_id')}`,
    ),
  };
}

/** partySubqueries' answers (with the record's own company and customer ids) in partyColumns' shape. */
export function partyFields(r: {
  companyId: number;
  customerId: number;
  company: [string, string, number];
  customer: [string, string, number];
  transactionNatureName: string;
}) {
  return {
    companyId: r.companyId,
    companyName: r.company[0],
    companyIdentifier: r.company[1],
    companyType: r.company[2],
    customerId: r.customerId,
    customerName: r.customer[0],
    customerIdentifier: r.customer[1],
    customerType: r.customer[2],
    transactionNatureName: r.transactionNatureName,
  };
}

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
  const [[company], [customer], [nature]] = await reads(
    tx,
    () =>
      tx
        .select({ id: co.id, name: co.name })
        .from(co)
        .where(and(eq(co.id, ids.company), eq(co.organizationId, organizationId))),
    () =>
      tx
        .select({ id: cu.id, name: cu.name, anonymizedAt: cu.anonymizedAt })
        .from(cu)
        .where(and(eq(cu.id, ids.customer), eq(cu.organizationId, organizationId))),
    () =>
      tx
        .select({ id: tn.id, name: tn.name })
        .from(tn)
        .where(and(eq(tn.id, ids.transactionNature), eq(tn.organizationId, organizationId))),
  );
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
