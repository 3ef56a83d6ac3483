// Creating an order, its admin panel and visit, its discount and payment.
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  formatAddress,
  fromCents,
  InvoiceState,
  invoiceMessages,
  toCents,
  type CreateInvoiceBody,
  type InvoiceInfoBody,
  type InvoiceVisitBody,
  type PayBody,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict, invalid } from '../../lib/errors.ts';
import { audit, changedFields, type AuditActor, type AuditChange } from '../../core/audit/audit.ts';
import { invoiceKind, lockInvoice, recordChange, type Actor } from './invoice-access.ts';
import { tellVisitMoved } from './invoice-notices.ts';
import { payRemaining, undoLatestPayments } from '../payments/payments.service.ts';
import { getInvoiceDetail } from './invoice-detail.service.ts';
import { findParties, newRecordHead } from '../../core/records/parties.ts';
import { setDiscount } from '../../core/records/discount.ts';
import { reads } from '../../lib/reads.ts';

const { invoices: i, invoiceStatuses: st, addresses: ad } = schema;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- create --------------------------------------------------------------------------------------

/**
 * POST invoices: a Draft order with the organization's Draft status and the next number, taken in
 * the same transaction (no gap, no duplicate). Company, customer and nature must be the organization's.
 */
export async function createInvoice(db: Db, actor: Actor, body: CreateInvoiceBody) {
  const org = actor.organizationId;
  return db.transaction(async (tx) => {
    const [{ company, customer, nature }, draft] = await reads(
      tx,
      () => findParties(tx, org, body),
      () => draftStatus(tx, org),
    );
    const errors: Record<string, string> = {};
    if (!company) errors.company = invoiceMessages.companyNotFound;
    if (!customer) errors.customer = invoiceMessages.customerNotFound;
    if (!nature) errors.transactionNature = invoiceMessages.natureNotFound;
    if (Object.keys(errors).length) throw invalid(errors);
    return insertDraftInvoice(tx, actor, {
      company: company!,
      customer: customer!,
      nature: nature!,
      draft,
      estimateId: null,
    });
  });
}

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

/** States whose payroll fields (50% collaborator, bonus) are locked. */
const payrollLockedStates: number[] = [InvoiceState.Draft, InvoiceState.Canceled, InvoiceState.Completed];

/**
 * POST invoices/{id}/info. The purchase order and invoice number stay editable in every state (the
 * fiscal invoice number usually arrives after the work is done); the payroll fields do not change
 * on Draft, Canceled or Completed orders (a completed order is what payroll pays).
 */
export async function updateInvoiceInfo(db: Db, actor: Actor, id: number, body: InvoiceInfoBody) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    const next = {
      invoiceInfo1: body.invoiceInfo1 || null,
      invoiceInfo2: body.invoiceInfo2 || null,
      isPayingJustTheHalf: body.isPayingJustTheHalf ?? false,
      payrollBonusCents: toCents(body.payrollBonus ?? 0),
    };
    const payrollChanged =
      next.isPayingJustTheHalf !== row.isPayingJustTheHalf || next.payrollBonusCents !== row.payrollBonusCents;
    if (payrollChanged && payrollLockedStates.includes(row.state)) throw conflict(invoiceMessages.payrollFieldsLocked);
    const changes = changedFields(
      { ...row, payrollBonus: fromCents(row.payrollBonusCents) } as Record<string, unknown>,
      {
        invoiceInfo1: next.invoiceInfo1,
        invoiceInfo2: next.invoiceInfo2,
        isPayingJustTheHalf: next.isPayingJustTheHalf,
        payrollBonus: fromCents(next.payrollBonusCents),
      },
    );
    if (!changes.length) return;
    await tx.update(i).set(next).where(eq(i.id, id));
    await recordChange(tx, actor, id, 'update', changes);
  });
  return getInvoiceDetail(db, actor, id);
}

/**
 * POST invoices/{id}/visit: reported problem, scheduled time and the job's address, which must be one
 * of the order's customer's addresses. Editable in every state (a note on a finished job stays useful).
 */
export async function updateVisit(db: Db, actor: Actor, id: number, body: InvoiceVisitBody) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    const addressId = body.address ?? null;
    if (addressId !== null) {
      const [found] = await tx
        .select({ id: ad.id })
        .from(ad)
        .where(and(eq(ad.id, addressId), eq(ad.organizationId, row.organizationId), eq(ad.customerId, row.customerId)));
      if (!found) throw invalid({ address: invoiceMessages.addressNotOfCustomer });
    }
    const next = {
      reportedProblem: body.reportedProblem || null,
      scheduledAt: body.scheduledAt ? new Date(body.scheduledAt) : null,
      addressId,
    };
    const changes = changedFields(
      { reportedProblem: row.reportedProblem, scheduledAt: iso(row.scheduledAt), addressId: row.addressId },
      { reportedProblem: next.reportedProblem, scheduledAt: iso(next.scheduledAt), addressId },
    );
    if (!changes.length) return;
    await tx.update(i).set(next).where(eq(i.id, id));
    await recordChange(tx, actor, id, 'update', await addressesInWords(tx, row.organizationId, changes));
    if (changes.some((c) => c.field === 'scheduledAt')) await tellVisitMoved(tx, actor, row, next.scheduledAt);
  });
  return getInvoiceDetail(db, actor, id);
}

/** The trail names an address by its text ('Rua X, 120 - Centro - São Paulo/SP'), not by its id. */
async function addressesInWords(tx: Tx, organizationId: number, changes: AuditChange[]): Promise<AuditChange[]> {
  const line = changes.find((c) => c.field === 'addressId');
  if (!line) return changes;
  const ids = [line.before, line.after].filter((v): v is number => typeof v === 'number');
  const found = ids.length
    ? await tx
        .select()
        .from(ad)
        .where(and(eq(ad.organizationId, organizationId), inArray(ad.id, ids)))
    : [];
  const text = (id: unknown) => {
    const a = found.find((r) => r.id === id);
    return a ? formatAddress(a) : null;
  };
  return changes.map((c) => (c === line ? { field: 'address', before: text(c.before), after: text(c.after) } : c));
}

/** POST invoices/{id}/discount: 0 removes it; never above the subtotal; not on canceled or paid orders. */
export async function updateDiscount(db: Db, actor: Actor, id: number, discount: number) {
  await setDiscount(db, invoiceKind, actor, id, discount, {
    assertDiscountable: (row) => {
      if (row.state === InvoiceState.Canceled || row.isPaid) throw conflict(invoiceMessages.discountLocked);
    },
    tooHigh: invoiceMessages.discountTooHigh,
  });
  return getInvoiceDetail(db, actor, id);
}

/**
 * POST invoices/{id}/pay ('Pagar'): only an unpaid order that is not Draft or Canceled; records one
 * payment of what is still due (payments.service.ts says how).
 */
export async function payInvoice(db: Db, actor: Actor, id: number, body: PayBody) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    await payRemaining(tx, actor, row, {
      date: body.date,
      description: body.description || null,
      method: body.method ?? null,
    });
  });
  return getInvoiceDetail(db, actor, id);
}

/** POST invoices/{id}/undo-payment ('Desfazer pagamento'): only a paid order; its latest payments go. */
export async function undoPayment(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    await undoLatestPayments(tx, actor, row);
  });
  return getInvoiceDetail(db, actor, id);
}
