// The visits of a maintenance plan: the order each one gets (made by the job or on demand), and the
// list of visits the plan screen shows.
import { and, asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  addDays,
  CommentType,
  fromCents,
  InvoiceState,
  invoiceMessages,
  maintenancePlanMessages as msg,
  MAX_PLAN_DAYS_AHEAD,
  MONEY_MAX_CENTS,
  occurrenceDate,
  type MaintenanceFrequency,
  type MaintenanceOccurrence,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict, invalid } from '../../lib/errors.ts';
import type { AuditActor, AuditChange } from '../../core/audit/audit.ts';
import { subtotalOf } from '../../core/records/lines.ts';
import { invoiceKind, recordChange } from '../../core/orders/invoice-access.ts';
import { tellAssigned } from '../../core/orders/invoice-notices.ts';
import { lockPlan, organizationToday, type PlanRow } from './maintenance-plans.service.ts';
import { findPlan, planVisitOrders } from './plan-orders.ts';
import { draftPartsOf, insertDraftInvoice } from '../../core/orders/new-invoice.ts';

const {
  maintenancePlans: p,
  maintenancePlanEquipments: pe,
  maintenancePlanServices: ps,
  invoices: i,
  invoiceServices: is,
  invoiceEquipments: ie,
  invoiceWorkers: iw,
  invoiceChecklists: ic,
} = schema;

/** The hour a visit is booked at, in the organization's time zone; the office moves it on the agenda. */
export const VISIT_HOUR = 8;

/** A visit's date at VISIT_HOUR in the zone, as an instant. */
export const visitInstant = (date: string, timeZone: string) =>
  DateTime.fromISO(date, { zone: timeZone }).set({ hour: VISIT_HOUR }).toJSDate();

const brDate = (isoDate: string) => isoDate.split('-').toReversed().join('/');

/**
 * The order of one visit, in the caller's transaction and under the plan's lock: a Draft order made
 * the way POST invoices makes one (the next number, the 'create' audit line), then the plan's
 * equipment, services, technician and checklist put on it, the subtotal computed and the whole written
 * to the order's audit trail with a System comment naming the plan. What the plan holds but can no
 * longer be used — a service archived, a technician deactivated, a checklist retired — is left out and
 * said in that comment, so a visit is never lost for it. The unique (plan, date) index refuses a second
 * order for the same visit whatever else runs.
 */
async function createVisitOrder(tx: Tx, actor: AuditActor, plan: PlanRow, date: string, timeZone: string) {
  const org = plan.organizationId;
  const parts = await draftPartsOf(tx, org, plan);
  const order = await insertDraftInvoice(tx, actor, {
    ...parts,
    estimateId: null,
    maintenance: { planId: plan.id, date },
  });
  // The filling names the plan too: a line without a user is told apart from a customer's by it.
  const changes: AuditChange[] = [{ field: 'maintenancePlan', before: null, after: plan.id }];
  const leftOut: string[] = [];

  // The building: the plan's address, or the customer's only one.
  let addressId = plan.addressId;
  if (addressId === null) {
    const a = schema.addresses;
    const found = await tx
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.organizationId, org), eq(a.customerId, plan.customerId)))
      .limit(2);
    if (found.length === 1) addressId = found[0]!.id;
  }
  const scheduledAt = visitInstant(date, timeZone);
  await tx.update(i).set({ scheduledAt, addressId }).where(eq(i.id, order.id));
  changes.push({ field: 'scheduledAt', before: null, after: scheduledAt.toISOString() });
  if (addressId !== null) changes.push({ field: 'addressId', before: null, after: addressId });

  const equipments = await tx
    .select({
      id: schema.equipments.id,
      name: schema.equipments.name,
      brand: schema.equipments.brand,
      model: schema.equipments.model,
      serialNumber: schema.equipments.serialNumber,
      description: schema.equipments.description,
    })
    .from(pe)
    .innerJoin(schema.equipments, eq(schema.equipments.id, pe.equipmentId))
    .where(eq(pe.planId, plan.id))
    .orderBy(asc(pe.position));
  if (equipments.length) {
    await tx
      .insert(ie)
      .values(equipments.map(({ id, ...e }) => ({ organizationId: org, invoiceId: order.id, equipmentId: id, ...e })));
    for (const e of equipments)
      changes.push({ field: 'equipments', before: null, after: { name: e.name, serialNumber: e.serialNumber } });
  }

  const services = await tx
    .select({
      id: schema.services.id,
      name: schema.services.name,
      priceCents: schema.services.priceCents,
      archivedAt: schema.services.archivedAt,
      quantity: ps.quantity,
    })
    .from(ps)
    .innerJoin(schema.services, eq(schema.services.id, ps.serviceId))
    .where(eq(ps.planId, plan.id))
    .orderBy(asc(ps.position));
  const usable = services.filter((s) => !s.archivedAt);
  for (const s of services) if (s.archivedAt) leftOut.push(`serviço ${s.name} (excluído do cadastro)`);
  if (usable.length) {
    await tx.insert(is).values(
      usable.map((s) => ({
        organizationId: org,
        invoiceId: order.id,
        serviceId: s.id,
        name: s.name,
        quantity: s.quantity,
        priceCents: s.priceCents,
      })),
    );
    for (const s of usable)
      changes.push({
        field: 'services',
        before: null,
        after: { name: s.name, quantity: s.quantity, price: fromCents(s.priceCents) },
      });
    const subtotalCents = await subtotalOf(tx, invoiceKind, order.id);
    if (subtotalCents > MONEY_MAX_CENTS) throw invalid({ services: invoiceMessages.totalTooHigh });
    await tx.update(i).set({ subtotalCents }).where(eq(i.id, order.id));
    changes.push({ field: 'subTotal', before: 0, after: fromCents(subtotalCents) });
  }

  if (plan.workerId !== null) {
    const [worker] = await tx
      .select({ id: schema.users.id, name: schema.users.name, isActive: schema.users.isActive })
      .from(schema.users)
      .where(eq(schema.users.id, plan.workerId));
    if (worker?.isActive) {
      const [line] = await tx
        .insert(iw)
        .values({ organizationId: org, invoiceId: order.id, workerId: worker.id })
        .returning({ id: iw.id });
      changes.push({ field: 'workers', before: null, after: worker.name });
      await tellAssigned(tx, actor, { ...order, organizationId: org, scheduledAt }, line!.id, worker.id);
    } else if (worker) leftOut.push(`técnico ${worker.name} (inativo)`);
  }

  if (plan.checklistTemplateId !== null) {
    const t = schema.checklistTemplates;
    const [template] = await tx.select().from(t).where(eq(t.id, plan.checklistTemplateId));
    if (template && !template.retiredAt) {
      await tx.insert(ic).values({
        organizationId: org,
        invoiceId: order.id,
        templateId: template.id,
        name: template.name,
        items: template.items,
      });
      changes.push({ field: 'checklists', before: null, after: template.name });
    } else if (template) leftOut.push(`checklist ${template.name} (retirado)`);
  }

  await recordChange(tx, actor, order.id, 'update', changes);
  const comments = [
    `Ordem de serviço da manutenção de ${brDate(date)} do plano de manutenção nº ${plan.id}.`,
    ...(leftOut.length ? [msg.leftOut(leftOut)] : []),
  ];
  await tx.insert(schema.invoiceComments).values(
    comments.map((comment) => ({
      organizationId: org,
      invoiceId: order.id,
      userId: actor.userId,
      type: CommentType.System,
      comment,
    })),
  );
  return { id: order.id, number: order.number, date };
}

/**
 * The orders of the plan's visits up to `until` (inclusive) that have none yet, in date order, in the
 * caller's transaction with the plan row locked by the caller; then the plan's next visit moves past
 * them. A visit that already has an order (the unique index's pair) is passed over.
 */
export async function makeVisitsUntil(tx: Tx, actor: AuditActor, plan: PlanRow, until: string) {
  const { timeZone } = await organizationToday(tx, plan.organizationId);
  const frequency = plan.frequency as MaintenanceFrequency;
  const existing = new Set(
    (
      await tx
        .select({ date: i.maintenanceDate })
        .from(i)
        .where(and(eq(i.organizationId, plan.organizationId), eq(i.maintenancePlanId, plan.id)))
    ).map((r) => r.date),
  );
  const made = [];
  let k = plan.nextIndex;
  for (let date = occurrenceDate(plan.startDate, frequency, k); date <= until;) {
    if (!existing.has(date)) made.push(await createVisitOrder(tx, actor, plan, date, timeZone));
    date = occurrenceDate(plan.startDate, frequency, ++k);
  }
  if (k !== plan.nextIndex)
    await tx
      .update(p)
      .set({ nextIndex: k, nextDate: occurrenceDate(plan.startDate, frequency, k) })
      .where(eq(p.id, plan.id));
  return made;
}

/**
 * POST maintenance-plans/{id}/generate: the orders of every visit up to `until` not made yet (at most a
 * year ahead), at once, under the plan's lock — the job and another admin wait or find them made.
 */
export async function generateVisits(db: Db, actor: AuditActor, id: number, until: string) {
  return db.transaction(async (tx) => {
    const plan = await lockPlan(tx, actor.organizationId, id);
    if (plan.endedAt) throw conflict(msg.endedPlan);
    const { today } = await organizationToday(tx, actor.organizationId);
    if (until > addDays(today, MAX_PLAN_DAYS_AHEAD)) throw invalid({ until: msg.untilTooFar });
    return { data: await makeVisitsUntil(tx, actor, plan, until) };
  });
}

/** How many visits still to come the plan screen shows beyond those with orders. */
const UPCOMING = 3;

/**
 * GET maintenance-plans/{id}/occurrences: the visits that have orders — done when the order is
 * Completed, canceled, late once the date passed (in the organization's time zone), next otherwise —
 * and, for a live plan, the next visits whose orders are still to be made; newest first.
 */
export async function listVisits(db: Db, organizationId: number, id: number) {
  const plan = await findPlan(db, organizationId, id);
  const { today } = await organizationToday(db, organizationId);
  const orders = await planVisitOrders(db, organizationId, id, { newestFirst: true });
  const statusOf = (state: number, date: string): MaintenanceOccurrence['status'] => {
    if (state === InvoiceState.Completed) return 'done';
    if (state === InvoiceState.Canceled) return 'canceled';
    return date < today ? 'late' : 'next';
  };
  const upcoming: MaintenanceOccurrence[] = [];
  if (!plan.endedAt) {
    const frequency = plan.frequency as MaintenanceFrequency;
    for (let k = plan.nextIndex; upcoming.length < UPCOMING; k++) {
      const date = occurrenceDate(plan.startDate, frequency, k);
      upcoming.unshift({ date, status: 'next', invoice: null, generatesOn: addDays(date, -plan.leadDays) });
    }
  }
  const withOrders = orders.map((o): MaintenanceOccurrence => ({
    date: o.date!,
    status: statusOf(o.state, o.date!),
    invoice: {
      id: o.id,
      number: o.number,
      statusLabel: o.statusLabel,
      finishedAt: o.finishedAt ? o.finishedAt.toISOString() : null,
    },
    generatesOn: null,
  }));
  return { data: [...upcoming, ...withOrders] };
}
