// A new order: the Draft every order starts as, with the organization's next number. Creating one by
// hand (invoices), from an estimate (estimates) or for a maintenance plan's visit all come here.
import { and, asc, eq } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import { audit, type AuditActor } from '../audit/audit.ts';
import { newRecordHead } from '../records/parties.ts';
import { reads } from '../../lib/reads.ts';

const { invoices: i, invoiceStatuses: st } = schema;

/**
 * Inserts a Draft order with the organization's next order number (in the caller's transaction: no gap,
 * no duplicate) and its 'create' audit line. Company, customer and nature are already checked. The
 * actor has no user when the server makes the order itself (a maintenance plan's visit).
 */
export async function insertDraftInvoice(
  tx: Tx,
  actor: AuditActor,
  parts: {
    company: { id: number; name: string };
    customer: { id: number; name: string };
    nature: { id: number; name: string };
    draft: { id: number; label: string };
    estimateId: number | null;
    /** The maintenance plan's visit this order is (one order per plan and date). */
    maintenance?: { planId: number; date: string };
  },
) {
  const { draft, maintenance } = parts;
  const head = await newRecordHead(tx, actor, { counter: 'invoice', table: 'invoices' }, parts);
  const [row] = await tx
    .insert(i)
    .values({
      ...head.values,
      statusId: draft.id,
      state: InvoiceState.Draft,
      estimateId: parts.estimateId,
      maintenancePlanId: maintenance?.planId ?? null,
      maintenanceDate: maintenance?.date ?? null,
    })
    .returning({ id: i.id, number: i.number });
  await audit(tx, actor, 'create', 'invoice', row!.id, [
    ...head.changes,
    { field: 'status', before: null, after: draft.label },
    ...(parts.estimateId ? [{ field: 'estimate', before: null, after: parts.estimateId }] : []),
    ...(maintenance ? [{ field: 'maintenancePlan', before: null, after: maintenance.planId }] : []),
  ]);
  return row!;
}

/**
 * What a new order takes from a record already checked (an estimate, a maintenance plan): that record's
 * company, customer and nature, and the organization's Draft status.
 */
export async function draftPartsOf(
  tx: Tx,
  organizationId: number,
  record: { companyId: number; customerId: number; transactionNatureId: number },
) {
  const { companies: co, customers: cu, transactionNatures: tn } = schema;
  const [[company], [customer], [nature], draft] = await reads(
    tx,
    () => tx.select({ id: co.id, name: co.name }).from(co).where(eq(co.id, record.companyId)),
    () => tx.select({ id: cu.id, name: cu.name }).from(cu).where(eq(cu.id, record.customerId)),
    () => tx.select({ id: tn.id, name: tn.name }).from(tn).where(eq(tn.id, record.transactionNatureId)),
    () => draftStatus(tx, organizationId),
  );
  return { company: company!, customer: customer!, nature: nature!, draft };
}

/** The organization's Draft status (the first one), which every new order starts in. */
export async function draftStatus(tx: Tx, organizationId: number) {
  const [draft] = await tx
    .select({ id: st.id, label: st.label })
    .from(st)
    .where(and(eq(st.organizationId, organizationId), eq(st.state, InvoiceState.Draft)))
    .orderBy(asc(st.id))
    .limit(1);
  if (!draft) throw new Error(`organization ${organizationId} has no Draft status`);
  return draft;
}

// ---- admin panel, discount, payment --------------------------------------------------------------
