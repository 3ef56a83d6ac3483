// Maintenance plans (PMOC): the register of plans — list, detail, create, edit, end. The orders of
// the plans' visits are made in plan-visits.service.ts.
import { and, asc, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import {
  addDays,
  firstOccurrenceAfter,
  frequencyLabels,
  maintenancePlanMessages as msg,
  MAX_PLAN_DAYS_AHEAD,
  occurrenceDate,
  type CustomerRole,
  type MaintenanceFrequency,
  type MaintenancePlan,
  type MaintenancePlanListItem,
  type MaintenancePlanValues,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { assertVersion } from '../../core/records/versions.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { audit, changedFields, type AuditActor, type AuditChange } from '../../core/audit/audit.ts';
import { listPage } from '../../lib/list.ts';
import { numberOrPartySearch } from '../../core/records/search.ts';
import { queryRows } from '../../lib/sql.ts';
import { assertFound } from '../../core/access/access.ts';
import { checkReferences, planValues, referenceWords, writeLists } from './plan-references.ts';
import { recordAddressColumns } from '../../core/places/address-columns.ts';

const {
  maintenancePlans: p,
  maintenancePlanEquipments: pe,
  maintenancePlanServices: ps,
  maintenancePlanRooms: pr,
  maintenancePlanTasks: pt,
  companies: co,
  customers: cu,
  transactionNatures: tn,
  addresses: ad,
  checklistTemplates: ct,
  users: u,
  equipments: equip,
  services: sv,
  invoices: i,
} = schema;

export type PlanRow = typeof p.$inferSelect;
type Actor = AuditActor & { userId: number };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The organization's calendar day now, in its time zone ('YYYY-MM-DD'). */
export async function organizationToday(db: Db | Tx, organizationId: number) {
  const [row] = await queryRows<{ today: string; time_zone: string }>(
    db,
    sql`SELECT to_char(now() AT TIME ZONE time_zone, 'YYYY-MM-DD') AS today, time_zone
          FROM organizations WHERE id = ${organizationId}`,
  );
  return { today: row!.today, timeZone: row!.time_zone };
}

/** The plan of the organization, row-locked for the rest of the transaction; 404 otherwise. */
export async function lockPlan(tx: Tx, organizationId: number, id: number): Promise<PlanRow> {
  const [row] = await tx
    .select()
    .from(p)
    .where(and(eq(p.id, id), eq(p.organizationId, organizationId)))
    .for('update');
  return assertFound(row);
}

/** The audit trail of a plan: its own entity, written in the transaction of the change. */
const recordPlanChange = async (
  tx: Tx,
  actor: AuditActor,
  id: number,
  action: 'create' | 'update',
  data: AuditChange[],
) => {
  await tx.update(p).set({ updatedAt: new Date() }).where(eq(p.id, id));
  await audit(tx, actor, action, 'maintenancePlan', id, data);
};

// ---- reading -------------------------------------------------------------------------------------

const listColumns = {
  id: p.id,
  companyName: co.name,
  customerName: cu.name,
  customerIdentifier: cu.identifier,
  customerType: cu.type,
  frequency: p.frequency,
  startDate: p.startDate,
  nextDate: p.nextDate,
  endedAt: p.endedAt,
  equipmentsCount: sql<number>`(SELECT count(*) FROM ${pe} x WHERE x.plan_id = ${p.id})`.mapWith(Number),
};

/**
 * GET maintenance-plans: the live plans (or the ended ones, `ended=true`), the next visit first; `q` is
 * the plan's number or the customer's or company's name, alias or CPF/CNPJ.
 */
export async function listPlans(
  db: Db,
  organizationId: number,
  query: { q?: string; skip: number; take: number; ended?: boolean },
) {
  const where = and(
    eq(p.organizationId, organizationId),
    query.ended ? isNotNull(p.endedAt) : isNull(p.endedAt),
    await numberOrPartySearch(db, organizationId, query.q, {
      number: p.id,
      customerId: p.customerId,
      companyId: p.companyId,
    }),
  );
  return listPage(
    query,
    db
      .select(listColumns)
      .from(p)
      .innerJoin(co, eq(co.id, p.companyId))
      .innerJoin(cu, eq(cu.id, p.customerId))
      .where(where)
      .orderBy(...(query.ended ? [desc(p.endedAt)] : [asc(p.nextDate)]), asc(p.id))
      .limit(query.take)
      .offset(query.skip),
    () => db.$count(p, where),
    (r): MaintenancePlanListItem => ({
      ...r,
      frequency: r.frequency as MaintenanceFrequency,
      nextDate: r.endedAt ? null : r.nextDate,
      endedAt: iso(r.endedAt),
    }),
  );
}

type Named = { id: number; name: string };

/** The plan with its parties, equipment and services, in one statement (its lists as JSON sub-selects). */
export async function getPlan(db: Db | Tx, organizationId: number, id: number): Promise<MaintenancePlan> {
  const [row] = await db
    .select({
      plan: p,
      company: { id: co.id, name: co.name },
      customer: { id: cu.id, name: cu.name, identifier: cu.identifier, type: cu.type },
      transactionNature: { id: tn.id, name: tn.name },
      address: recordAddressColumns,
      checklistTemplate: { id: ct.id, name: ct.name },
      worker: { id: u.id, name: u.name },
      equipments: sql<MaintenancePlan['equipments']>`(
        SELECT coalesce(json_agg(json_build_object('id', e.id, 'name', e.name, 'brand', e.brand, 'model', e.model,
                 'serialNumber', e.serial_number, 'kind', e.kind, 'capacityBtuh', e.capacity_btuh,
                 'location', e.location) ORDER BY x.position), '[]'::json)
          FROM ${pe} x JOIN ${equip} e ON e.id = x.equipment_id WHERE x.plan_id = ${p.id})`,
      services: sql<MaintenancePlan['services']>`(
        SELECT coalesce(json_agg(json_build_object('service', s.id, 'name', s.name, 'quantity', x.quantity)
                 ORDER BY x.position), '[]'::json)
          FROM ${ps} x JOIN ${sv} s ON s.id = x.service_id WHERE x.plan_id = ${p.id})`,
      rooms: sql<Array<Omit<MaintenancePlan['rooms'][number], 'areaM2'> & { areaM2: string | number }>>`(
        SELECT coalesce(json_agg(json_build_object('name', x.name, 'areaM2', x.area_m2,
                 'fixedOccupants', x.fixed_occupants, 'floatingOccupants', x.floating_occupants,
                 'thermalLoadBtuh', x.thermal_load_btuh, 'outdoorAirM3h', x.outdoor_air_m3h)
                 ORDER BY x.position), '[]'::json)
          FROM ${pr} x WHERE x.plan_id = ${p.id})`,
      tasks: sql<MaintenancePlan['tasks']>`(
        SELECT coalesce(json_agg(json_build_object('component', x.component, 'task', x.task,
                 'frequency', x.frequency) ORDER BY x.position), '[]'::json)
          FROM ${pt} x WHERE x.plan_id = ${p.id})`,
    })
    .from(p)
    .innerJoin(co, eq(co.id, p.companyId))
    .innerJoin(cu, eq(cu.id, p.customerId))
    .innerJoin(tn, eq(tn.id, p.transactionNatureId))
    .leftJoin(ad, eq(ad.id, p.addressId))
    .leftJoin(ct, eq(ct.id, p.checklistTemplateId))
    .leftJoin(u, eq(u.id, p.workerId))
    .where(and(eq(p.id, id), eq(p.organizationId, organizationId)));
  const r = assertFound(row);
  const plan = r.plan;
  return {
    id: plan.id,
    company: r.company,
    customer: r.customer,
    transactionNature: r.transactionNature,
    address: r.address?.id ? r.address : null,
    equipments: r.equipments,
    frequency: plan.frequency as MaintenanceFrequency,
    startDate: plan.startDate,
    leadDays: plan.leadDays,
    checklistTemplate: (r.checklistTemplate?.id ? r.checklistTemplate : null) as Named | null,
    worker: (r.worker?.id ? r.worker : null) as Named | null,
    services: r.services,
    engineerName: plan.engineerName,
    engineerRegistration: plan.engineerRegistration,
    artNumber: plan.artNumber,
    buildingName: plan.buildingName,
    customerRole: plan.customerRole as CustomerRole,
    rooms: r.rooms.map((room) => ({ ...room, areaM2: Number(room.areaM2) })),
    tasks: r.tasks,
    recommendations: plan.recommendations,
    nextDate: plan.endedAt ? null : plan.nextDate,
    endedAt: iso(plan.endedAt),
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
    version: plan.rowVersion,
  };
}

// ---- writing -------------------------------------------------------------------------------------

type PmocPart = Pick<
  MaintenancePlanValues,
  | 'engineerName'
  | 'engineerRegistration'
  | 'artNumber'
  | 'buildingName'
  | 'customerRole'
  | 'rooms'
  | 'tasks'
  | 'recommendations'
>;
/** What the trail keeps of the plan's PMOC fields, before and after. */
const pmocWords = (v: PmocPart) => ({
  engineerName: v.engineerName,
  engineerRegistration: v.engineerRegistration,
  artNumber: v.artNumber,
  buildingName: v.buildingName,
  customerRole: v.customerRole,
  rooms: v.rooms,
  tasks: v.tasks,
  recommendations: v.recommendations,
});

/** A plan's values named and shaped as its form sends them, for a conflict's current values. */
const planAsBody = (plan: MaintenancePlan) => ({
  company: plan.company.id,
  customer: plan.customer.id,
  transactionNature: plan.transactionNature.id,
  address: plan.address?.id ?? null,
  equipments: plan.equipments.map((e) => e.id),
  frequency: plan.frequency,
  startDate: plan.startDate,
  checklistTemplate: plan.checklistTemplate?.id ?? null,
  worker: plan.worker?.id ?? null,
  leadDays: plan.leadDays,
  services: plan.services.map((x) => ({ service: x.service, quantity: x.quantity })),
  ...pmocWords(plan),
});

/** A plan may start at most a year back (its first visits' orders are made at once, late). */
async function assertStartNotTooOld(tx: Tx, organizationId: number, startDate: string) {
  const { today } = await organizationToday(tx, organizationId);
  if (startDate < addDays(today, -MAX_PLAN_DAYS_AHEAD)) throw invalid({ startDate: msg.startTooOld });
}

/** POST maintenance-plans: the first visit is on the start date; the job makes its order when it comes due. */
export async function createPlan(db: Db, actor: Actor, body: MaintenancePlanValues) {
  const org = actor.organizationId;
  const id = await db.transaction(async (tx) => {
    const refs = await checkReferences(tx, org, body);
    await assertStartNotTooOld(tx, org, body.startDate);
    const [row] = await tx
      .insert(p)
      .values({
        organizationId: org,
        ...planValues(body),
        nextIndex: 0,
        nextDate: body.startDate,
        createdById: actor.userId,
      })
      .returning({ id: p.id });
    await writeLists(tx, org, row!.id, body);
    const words = referenceWords(refs);
    await audit(
      tx,
      actor,
      'create',
      'maintenancePlan',
      row!.id,
      changedFields({} as Record<string, unknown>, {
        ...words,
        frequency: frequencyLabels[body.frequency],
        startDate: body.startDate,
        leadDays: body.leadDays,
        addressId: body.address,
        ...pmocWords(body),
      }),
    );
    return row!.id;
  });
  return getPlan(db, org, id);
}

/**
 * PUT maintenance-plans/{id}: not on an ended plan (409). Orders already made stay as they are. A new
 * start date or frequency moves the next visit to the first one of the new schedule after the last
 * visit that has an order (or to the start, when none has).
 */
export async function updatePlan(db: Db, actor: Actor, id: number, body: MaintenancePlanValues) {
  const org = actor.organizationId;
  await db.transaction(async (tx) => {
    const row = await lockPlan(tx, org, id);
    const before = await getPlan(tx, org, id);
    assertVersion(body, row, () => planAsBody(before));
    if (row.endedAt) throw conflict(msg.endedPlan);
    const refs = await checkReferences(tx, org, body);
    const scheduleChanged = body.startDate !== row.startDate || body.frequency !== row.frequency;
    if (body.startDate !== row.startDate) await assertStartNotTooOld(tx, org, body.startDate);
    let next = { nextIndex: row.nextIndex, nextDate: row.nextDate };
    if (scheduleChanged) {
      const [last] = await tx
        .select({ date: max(i.maintenanceDate) })
        .from(i)
        .where(and(eq(i.organizationId, org), eq(i.maintenancePlanId, id)));
      const k = last?.date ? firstOccurrenceAfter(body.startDate, body.frequency, last.date) : 0;
      next = { nextIndex: k, nextDate: occurrenceDate(body.startDate, body.frequency, k) };
    }
    await tx
      .update(p)
      .set({ ...planValues(body), ...next })
      .where(eq(p.id, id));
    await writeLists(tx, org, id, body);
    const words = referenceWords(refs);
    const changes = changedFields(
      {
        company: before.company.name,
        customer: before.customer.name,
        transactionNature: before.transactionNature.name,
        equipments: before.equipments.map((e) => ({ name: e.name, serialNumber: e.serialNumber })),
        checklistTemplate: before.checklistTemplate?.name ?? null,
        worker: before.worker?.name ?? null,
        services: before.services.map((s) => ({ name: s.name, quantity: s.quantity })),
        frequency: frequencyLabels[row.frequency as MaintenanceFrequency],
        startDate: row.startDate,
        leadDays: row.leadDays,
        addressId: row.addressId,
        ...pmocWords(before),
      } as Record<string, unknown>,
      {
        ...words,
        frequency: frequencyLabels[body.frequency],
        startDate: body.startDate,
        leadDays: body.leadDays,
        addressId: body.address,
        ...pmocWords(body),
      },
    );
    if (changes.length) await recordPlanChange(tx, actor, id, 'update', changes);
  });
  return getPlan(db, org, id);
}

/**
 * POST maintenance-plans/{id}/end: the plan makes no more orders (those already made stay, to be done
 * or canceled one by one); an ended plan stays for its history and its report.
 */
export async function endPlan(db: Db, actor: Actor, id: number) {
  const org = actor.organizationId;
  await db.transaction(async (tx) => {
    const row = await lockPlan(tx, org, id);
    if (row.endedAt) throw conflict(msg.alreadyEnded);
    const endedAt = new Date();
    await tx.update(p).set({ endedAt }).where(eq(p.id, id));
    await recordPlanChange(tx, actor, id, 'update', [{ field: 'endedAt', before: null, after: endedAt.toISOString() }]);
  });
  return getPlan(db, org, id);
}
