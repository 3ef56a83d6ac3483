// Creating an order by hand, its admin panel and visit, its discount and payment.
import { and, eq, inArray } from 'drizzle-orm';
import {
  formatAddress,
  fromCents,
  InvoiceState,
  invoiceMessages,
  toCents,
  type CreateInvoiceBody,
  type DiscountBody,
  type InvoiceInfoBody,
  type InvoiceVisitBody,
  type PayBody,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict, invalid } from '../../lib/errors.ts';
import { changedFields, type AuditChange } from '../../core/audit/audit.ts';
import { invoiceKind, lockInvoice, recordChange, type Actor } from '../../core/orders/invoice-access.ts';
import { tellVisitMoved } from '../../core/orders/invoice-notices.ts';
import { tellCustomer } from '../../core/notify/customer-events.ts';
import { getInvoiceDetail } from './invoice-detail.service.ts';
import { findParties } from '../../core/records/parties.ts';
import { setDiscount } from '../../core/records/discount.ts';
import { assertVersion } from '../../core/records/versions.ts';
import { reads } from '../../lib/reads.ts';
import { draftStatus, insertDraftInvoice } from '../../core/orders/new-invoice.ts';
import { payRemaining, undoLatestPayments } from '../../core/payments/payments.ts';

const { invoices: i, addresses: ad } = schema;

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
    assertVersion(body, row, () => ({
      invoiceInfo1: row.invoiceInfo1,
      invoiceInfo2: row.invoiceInfo2,
      isPayingJustTheHalf: row.isPayingJustTheHalf,
      payrollBonus: fromCents(row.payrollBonusCents),
    }));
    const kept = <T>(sent: T | undefined, current: T) => (sent === undefined ? current : sent);
    const next = {
      invoiceInfo1: body.invoiceInfo1 === undefined ? row.invoiceInfo1 : body.invoiceInfo1 || null,
      invoiceInfo2: body.invoiceInfo2 === undefined ? row.invoiceInfo2 : body.invoiceInfo2 || null,
      isPayingJustTheHalf: kept(body.isPayingJustTheHalf, row.isPayingJustTheHalf),
      payrollBonusCents: body.payrollBonus === undefined ? row.payrollBonusCents : toCents(body.payrollBonus ?? 0),
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
    assertVersion(body, row, () => ({
      reportedProblem: row.reportedProblem,
      scheduledAt: iso(row.scheduledAt),
      address: row.addressId,
    }));
    // A field the body leaves out keeps its value: a dialog sends only what its user changed.
    const addressId = body.address === undefined ? row.addressId : body.address;
    if (addressId !== null) {
      const [found] = await tx
        .select({ id: ad.id })
        .from(ad)
        .where(and(eq(ad.id, addressId), eq(ad.organizationId, row.organizationId), eq(ad.customerId, row.customerId)));
      if (!found) throw invalid({ address: invoiceMessages.addressNotOfCustomer });
    }
    const next = {
      reportedProblem: body.reportedProblem === undefined ? row.reportedProblem : body.reportedProblem || null,
      scheduledAt:
        body.scheduledAt === undefined ? row.scheduledAt : body.scheduledAt ? new Date(body.scheduledAt) : null,
      addressId,
    };
    const changes = changedFields(
      { reportedProblem: row.reportedProblem, scheduledAt: iso(row.scheduledAt), addressId: row.addressId },
      { reportedProblem: next.reportedProblem, scheduledAt: iso(next.scheduledAt), addressId },
    );
    if (!changes.length) return;
    await tx.update(i).set(next).where(eq(i.id, id));
    await recordChange(tx, actor, id, 'update', await addressesInWords(tx, row.organizationId, changes));
    if (changes.some((c) => c.field === 'scheduledAt')) {
      await tellVisitMoved(tx, actor, row, next.scheduledAt);
      if (next.scheduledAt) await tellCustomer(tx, row.organizationId, { event: 'visitScheduled', invoiceId: id });
    }
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
export async function updateDiscount(db: Db, actor: Actor, id: number, body: DiscountBody) {
  await setDiscount(db, invoiceKind, actor, id, body, {
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
