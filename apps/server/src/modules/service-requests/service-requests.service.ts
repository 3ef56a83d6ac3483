import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  EstimateStatus,
  estimateStatusLabels,
  serviceRequestMessages as msg,
  type ConvertServiceRequestBody,
  type PortalServiceRequestBody,
  type ServiceRequestQuery,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { assertFound, type Actor } from '../../core/access/access.ts';
import { audit } from '../../core/audit/audit.ts';
import { notifyHolders } from '../../core/notify/notify.ts';
import { tellCustomer } from '../../core/notify/customer-events.ts';
import { draftStatus, insertDraftInvoice } from '../../core/orders/new-invoice.ts';
import { findParties, newRecordHead } from '../../core/records/parties.ts';
import type { PortalContext } from '../../core/portal/portal-session.ts';
import { nextNumber } from '../../lib/counters.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { listPage, searchWhere } from '../../lib/list.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { photoColumns, type StoredPhoto } from '../../lib/stored-photos.ts';
import { copiedPhotos } from './service-request-pictures.service.ts';
import { lockRequest, shown } from './service-request-rows.ts';

const r = schema.serviceRequests;
const cu = schema.customers;
const eqp = schema.equipments;

/** Inserts a request with the organization's next request number and tells who opens orders, in `tx`. */
async function insertRequest(tx: Tx, values: Omit<typeof r.$inferInsert, 'number'>) {
  const number = await nextNumber(tx, values.organizationId, 'service-request');
  const [row] = await tx
    .insert(r)
    .values({ ...values, number })
    .returning();
  await notifyHolders(tx, 'invoice.create', {
    organizationId: values.organizationId,
    sourceKey: `service-request:${row!.id}`,
    title: `Pedido de atendimento nº ${number}`,
    description: `${values.contactName}: ${values.problem.slice(0, 140)}`,
    url: `/service-requests?q=${number}`,
  });
  return row!;
}

/** POST /api/portal/service-requests: the customer's request, for one of their machines or none. */
export async function createPortalRequest(db: Db, portal: PortalContext, body: PortalServiceRequestBody) {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ name: cu.name, email: cu.email, phone: cu.phone })
      .from(cu)
      .where(and(eq(cu.organizationId, portal.organizationId), eq(cu.id, portal.customerId)));
    const who = assertFound(customer);
    if (body.equipment) {
      const [machine] = await tx
        .select({ id: eqp.id })
        .from(eqp)
        .where(
          and(
            eq(eqp.organizationId, portal.organizationId),
            eq(eqp.customerId, portal.customerId),
            eq(eqp.id, body.equipment),
          ),
        );
      if (!machine) throw invalid({ equipment: msg.equipmentUnknown });
    }
    const row = await insertRequest(tx, {
      organizationId: portal.organizationId,
      source: 'portal',
      customerId: portal.customerId,
      equipmentId: body.equipment ?? null,
      contactName: who.name,
      contactEmail: who.email,
      contactPhone: who.phone,
      problem: body.problem,
      preferredDays: body.preferredDays,
      preferredPeriods: body.preferredPeriods,
      preferredNote: body.preferredNote,
    });
    return (await shown(tx, [row]))[0]!;
  });
}

/** The public form's request: the contact as typed, no customer yet; its photos (stored already) with it. */
export async function createPublicRequest(
  db: Db,
  organizationId: number,
  body: { name: string; email: string; phone: string | null } & Omit<PortalServiceRequestBody, 'equipment'>,
  photos: StoredPhoto[] = [],
) {
  return db.transaction(async (tx) => {
    const row = await insertRequest(tx, {
      organizationId,
      source: 'public',
      contactName: body.name,
      contactEmail: body.email,
      contactPhone: body.phone,
      problem: body.problem,
      preferredDays: body.preferredDays,
      preferredPeriods: body.preferredPeriods,
      preferredNote: body.preferredNote,
    });
    if (photos.length)
      await tx
        .insert(schema.serviceRequestPictures)
        .values(photos.map((f) => ({ organizationId, requestId: row.id, ...photoColumns(f) })));
    return row.id;
  });
}

/** The customer's own requests (GET /api/portal/service-requests), newest first. */
export async function portalRequests(db: Db, portal: PortalContext, query: { skip: number; take: number }) {
  const where = and(eq(r.organizationId, portal.organizationId), eq(r.customerId, portal.customerId));
  return listPage(
    query,
    db
      .select()
      .from(r)
      .where(where)
      .orderBy(desc(r.id))
      .limit(query.take)
      .offset(query.skip)
      .then((rows) => shown(db, rows)),
    () => db.$count(r, where),
  );
}

/** GET service-requests: newest first; q searches the number, contact, customer's name and problem. */
export async function listRequests(db: Db, organizationId: number, query: ServiceRequestQuery) {
  const digits = query.q?.replace(/\D/g, '');
  const search = searchWhere(query.q, [
    r.contactName,
    sql`coalesce(${r.contactEmail}, '')`,
    r.problem,
    sql`coalesce((SELECT c.name FROM customers c WHERE c.organization_id = service_requests.organization_id
      AND c.id = service_requests.customer_id), '')`,
  ]);
  const where = and(
    eq(r.organizationId, organizationId),
    query.status ? eq(r.status, query.status) : undefined,
    search && digits ? sql`(${search} OR ${r.number}::text = ${digits})` : search,
  ) as SQL;
  return listPage(
    query,
    db
      .select()
      .from(r)
      .where(where)
      .orderBy(desc(r.id))
      .limit(query.take)
      .offset(query.skip)
      .then((rows) => shown(db, rows)),
    () => db.$count(r, where),
  );
}

export async function getRequest(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .select()
    .from(r)
    .where(and(eq(r.organizationId, organizationId), eq(r.id, id)));
  return (await shown(db, [assertFound(row)]))[0]!;
}

/**
 * POST service-requests/{id}/order|estimate: in one transaction, a Draft order or estimate for the
 * request's customer (or the one chosen, for a public request), with its machine and the problem, and
 * the request points at it. A request already turned or closed is a 409.
 */
export async function convertRequest(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  id: number,
  kind: 'order' | 'estimate',
  body: ConvertServiceRequestBody,
) {
  // The request's photos go along as the new record's: copied first (files of their own, so removing one
  // from the order leaves the request's), the rows written with the record.
  const photos = await copiedPhotos(db, storage, actor.organizationId, id, kind);
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, actor.organizationId, id);
    if (row.status !== 'open') throw conflict(msg.notOpen);
    const customerId = row.customerId ?? body.customer;
    if (!customerId) throw invalid({ customer: msg.customerRequired });
    const { company, customer, nature } = await findParties(tx, actor.organizationId, {
      company: body.company,
      customer: customerId,
      transactionNature: body.transactionNature,
    });
    if (!company) throw notFound('Empresa não encontrada');
    if (!customer) throw notFound('Cliente não encontrado');
    if (!nature) throw notFound('Natureza da operação não encontrada');
    const machine = row.equipmentId
      ? (
          await tx
            .select()
            .from(eqp)
            .where(and(eq(eqp.id, row.equipmentId), eq(eqp.customerId, customerId)))
        )[0]
      : undefined;
    const copy = machine && {
      organizationId: actor.organizationId,
      equipmentId: machine.id,
      name: machine.name,
      brand: machine.brand,
      model: machine.model,
      serialNumber: machine.serialNumber,
      description: machine.description,
    };
    let made: { id: number; number: number };
    if (kind === 'order') {
      made = await insertDraftInvoice(tx, actor, {
        company,
        customer,
        nature,
        draft: await draftStatus(tx, actor.organizationId),
        estimateId: null,
      });
      await tx.update(schema.invoices).set({ reportedProblem: row.problem }).where(eq(schema.invoices.id, made.id));
      if (copy) await tx.insert(schema.invoiceEquipments).values({ ...copy, invoiceId: made.id });
      if (photos.length)
        await tx.insert(schema.invoicePictures).values(photos.map((p) => ({ ...p, invoiceId: made.id })));
    } else {
      const head = await newRecordHead(
        tx,
        actor,
        { counter: 'estimate', table: 'estimates' },
        { company, customer, nature },
      );
      const [estimate] = await tx
        .insert(schema.estimates)
        .values({ ...head.values, status: EstimateStatus.Draft })
        .returning({ id: schema.estimates.id, number: schema.estimates.number });
      made = estimate!;
      await audit(tx, actor, 'create', 'estimate', made.id, [
        ...head.changes,
        { field: 'status', before: null, after: estimateStatusLabels[EstimateStatus.Draft] },
        { field: 'serviceRequest', before: null, after: row.number },
      ]);
      if (copy) await tx.insert(schema.estimateEquipments).values({ ...copy, estimateId: made.id });
      if (photos.length)
        await tx.insert(schema.estimatePictures).values(photos.map((p) => ({ ...p, estimateId: made.id })));
    }
    await tx
      .update(r)
      .set({
        status: kind,
        customerId,
        ...(kind === 'order' ? { invoiceId: made.id } : { estimateId: made.id }),
        updatedAt: new Date(),
      })
      .where(eq(r.id, id));
    await tellCustomer(tx, actor.organizationId, { event: 'serviceRequestUpdated', requestId: id });
    return made;
  });
}

/**
 * POST service-requests/{id}/close: answered without a visit (a call sufficed, a duplicate, spam). Like
 * turning it into work, the change is told to the customer (queued in its transaction).
 */
export async function closeRequest(db: Db, organizationId: number, id: number, reason: string | null) {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, organizationId, id);
    if (row.status !== 'open') throw conflict(msg.notOpen);
    const [closed] = await tx
      .update(r)
      .set({ status: 'closed', closedReason: reason, updatedAt: new Date() })
      .where(eq(r.id, id))
      .returning();
    await tellCustomer(tx, organizationId, { event: 'serviceRequestUpdated', requestId: id });
    return (await shown(tx, [closed!]))[0]!;
  });
}
