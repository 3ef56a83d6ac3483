import { equipmentLine } from '../../core/records/equipment-line.ts';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  can,
  estimateMessages,
  estimateStatusLabels,
  estimateTransitions,
  EstimateStatus,
  fromCents,
  type CreateEstimateBody,
  type EstimateDetail,
  type EstimateFilterQuery,
  type EstimateDiscountBody,
  type EstimateListRow,
  type EstimateStatusBody,
  type EstimateStatusValue,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { conflict, notFound } from '../../lib/errors.ts';
import { audit } from '../../core/audit/audit.ts';
import { countRows, listPage } from '../../lib/list.ts';
import { findParties, newRecordHead, partyColumns } from '../../core/records/parties.ts';
import { setDiscount } from '../../core/records/discount.ts';
import { assertVersion } from '../../core/records/versions.ts';
import { sharingFields } from './estimate-sharing.service.ts';
import { depositOf } from './estimate-deposit.service.ts';
import { numberOrPartySearch, searchDependsOn } from '../../core/records/search.ts';
import { tagsByRecord } from '../../core/records/tags.ts';
import { shownTo } from '../../core/access/values.ts';
import {
  assertEditable,
  estimateKind,
  findEstimate,
  lockEstimate,
  recordChange,
  type Actor,
} from './estimate-access.ts';

const { estimates: es, companies: co, customers: cu, transactionNatures: tn } = schema;

// ---- list ----------------------------------------------------------------------------------------

const rowColumns = {
  id: es.id,
  number: es.number,
  createdAt: es.createdAt,
  ...partyColumns,
  status: es.status,
  subtotalCents: es.subtotalCents,
  discountCents: es.discountCents,
};

/** What the list and the detail read of an estimate, its company, customer and nature (joins 1:1). */
const heads = (db: Db) =>
  db
    .select({
      ...rowColumns,
      updatedAt: es.updatedAt,
      version: es.rowVersion,
      depositPercentBp: es.depositPercentBp,
      depositCents: es.depositCents,
      transactionNatureId: es.transactionNatureId,
      customerEmail: cu.email,
      customerPhone: cu.phone,
      customerPhoneE164: cu.phoneE164,
    })
    .from(es)
    .innerJoin(co, eq(co.id, es.companyId))
    .innerJoin(cu, eq(cu.id, es.customerId))
    .innerJoin(tn, eq(tn.id, es.transactionNatureId));

const tagsOf = (db: Db, ids: number[]) => tagsByRecord(db, schema.estimateTags, ids);

/**
 * GET estimates: newest first (highest number). The total is a count over the estimates table alone
 * (the joins are 1:1), which the (organization, ...) indexes answer, kept while nothing it depends on
 * changed (countRows).
 */
export async function listEstimates(db: Db, actor: Actor, query: EstimateFilterQuery) {
  const search = await numberOrPartySearch(db, actor.organizationId, query.q, es);
  const where: SQL = and(
    eq(es.organizationId, actor.organizationId),
    query.customer ? eq(es.customerId, query.customer) : undefined,
    query.statuses.length ? inArray(es.status, query.statuses) : undefined,
    search,
  )!;
  const rows = await heads(db).where(where).orderBy(desc(es.number)).limit(query.take).offset(query.skip);
  const tags = await tagsOf(
    db,
    rows.map((r) => r.id),
  );
  return listPage(
    query,
    Promise.resolve(rows),
    // Reused while no estimate changed, nor a customer or company when the search reads them as it runs.
    countRows(db, es, where, {
      organizationId: actor.organizationId,
      dependsOn: ['estimates', ...searchDependsOn(search)],
    }),
    ({
      subtotalCents,
      discountCents,
      updatedAt: _u,
      transactionNatureId: _t,
      customerEmail: _e,
      customerPhone: _p,
      customerPhoneE164: _p164,
      ...r
    }): EstimateListRow =>
      shownTo(actor, 'recordTotals', {
        ...r,
        createdAt: r.createdAt.toISOString(),
        total: fromCents(subtotalCents - discountCents),
        estimateTags: tags.get(r.id) ?? [],
      }),
  );
}

// ---- detail --------------------------------------------------------------------------------------

export async function getEstimateDetail(db: Db, actor: Actor, id: number): Promise<EstimateDetail> {
  const [h] = await heads(db).where(and(eq(es.id, id), eq(es.organizationId, actor.organizationId)));
  if (!h) await findEstimate(db, actor, id); // throws the 404
  const s = schema.estimateServices;
  const p = schema.estimateProducts;
  const e = schema.estimateEquipments;
  const [services, products, equipments, tags, sharing] = await Promise.all([
    db.select().from(s).where(eq(s.estimateId, id)).orderBy(asc(s.itemNumber), asc(s.id)),
    db.select().from(p).where(eq(p.estimateId, id)).orderBy(asc(p.itemNumber), asc(p.id)),
    db.select().from(e).where(eq(e.estimateId, id)).orderBy(asc(e.id)),
    tagsOf(db, [id]),
    sharingFields(db, id),
  ]);
  const { subtotalCents, discountCents, depositPercentBp, depositCents, ...head } = h!;
  return shownTo(actor, 'recordTotals', {
    ...head,
    deposit: depositOf({ subtotalCents, discountCents, depositPercentBp, depositCents }),
    createdAt: head.createdAt.toISOString(),
    updatedAt: head.updatedAt.toISOString(),
    subTotal: fromCents(subtotalCents),
    discount: fromCents(discountCents),
    total: fromCents(subtotalCents - discountCents),
    estimateServices: services
      .map((l) => ({
        id: l.id,
        serviceId: l.serviceId,
        itemNumber: l.itemNumber,
        name: l.name,
        description: l.description,
        quantity: l.quantity,
        warrantyDays: l.warrantyDays,
        price: fromCents(l.priceCents),
        isGrouped: l.isGrouped,
      }))
      .map((l) => shownTo(actor, 'line', l)),
    estimateProducts: products
      .map((l) => ({
        id: l.id,
        productId: l.productId,
        itemNumber: l.itemNumber,
        name: l.name,
        unit: l.unit,
        quantity: l.quantity,
        warrantyDays: l.warrantyDays,
        price: fromCents(l.priceCents),
        isGrouped: l.isGrouped,
      }))
      .map((l) => shownTo(actor, 'line', l)),
    estimateEquipments: equipments.map(equipmentLine),
    estimateTags: tags.get(id) ?? [],
    allowedStatuses: estimateTransitions[head.status as EstimateStatusValue] ?? [],
    ...sharing,
    // The customer's page shows the prices: its link is not given to who may not see them.
    share: can(actor, 'price.see') ? sharing.share : null,
  });
}

/** GET estimates/{id}: the detail, and a 'view' line in the audit trail. */
export async function viewEstimate(db: Db, actor: Actor, id: number) {
  const detail = await getEstimateDetail(db, actor, id);
  await audit(db, actor, 'view', 'estimate', id);
  return detail;
}

// ---- create --------------------------------------------------------------------------------------

/**
 * POST estimates: a Draft estimate with the organization's next estimate number, taken in the same
 * transaction (no gap, no duplicate). Company, customer and nature must be the organization's (422).
 */
export async function createEstimate(db: Db, actor: Actor, body: CreateEstimateBody) {
  const org = actor.organizationId;
  return db.transaction(async (tx) => {
    const { company, customer, nature } = await findParties(tx, org, body);
    // Ids that are not the organization's are unknown to it: 404, like an id in the path.
    if (!company) throw notFound('Empresa não encontrada');
    if (!customer) throw notFound('Cliente não encontrado');
    if (!nature) throw notFound('Natureza da operação não encontrada');

    const head = await newRecordHead(
      tx,
      actor,
      { counter: 'estimate', table: 'estimates' },
      { company, customer, nature },
    );
    const [row] = await tx
      .insert(es)
      .values({ ...head.values, status: EstimateStatus.Draft })
      .returning({ id: es.id, number: es.number });
    await audit(tx, actor, 'create', 'estimate', row!.id, [
      ...head.changes,
      { field: 'status', before: null, after: estimateStatusLabels[EstimateStatus.Draft] },
    ]);
    return row!;
  });
}

// ---- status and discount -------------------------------------------------------------------------

/** PATCH estimates/{id} {status}: only the moves of the state machine; anything else is a 409. */
export async function changeEstimateStatus(db: Db, actor: Actor, id: number, body: EstimateStatusBody) {
  const { status } = body;
  await db.transaction(async (tx) => {
    const row = await lockEstimate(tx, actor, id);
    assertVersion(body, row, () => ({ status: row.status }));
    const from = row.status as EstimateStatusValue;
    if (!estimateTransitions[from]?.includes(status)) throw conflict(estimateMessages.notAllowed);
    await tx.update(es).set({ status }).where(eq(es.id, id));
    await recordChange(tx, actor, id, 'update', [
      { field: 'status', before: estimateStatusLabels[from], after: estimateStatusLabels[status] },
    ]);
  });
  return getEstimateDetail(db, actor, id);
}

/** POST estimates/{id}/discount: 0 removes it; never above the subtotal; only while Draft or Wip. */
export async function updateEstimateDiscount(db: Db, actor: Actor, id: number, body: EstimateDiscountBody) {
  await setDiscount(db, estimateKind, actor, id, body, {
    assertDiscountable: assertEditable,
    tooHigh: estimateMessages.discountTooHigh,
  });
  return getEstimateDetail(db, actor, id);
}
