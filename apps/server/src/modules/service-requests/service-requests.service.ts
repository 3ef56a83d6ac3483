import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  EstimateStatus,
  estimateStatusLabels,
  MAX_REQUEST_PHOTOS,
  serviceRequestMessages as msg,
  serviceRequestStatusLabels,
  type ConvertServiceRequestBody,
  type PortalServiceRequestBody,
  type ServiceRequest,
  type ServiceRequestQuery,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { assertFound, type Actor } from '../../core/access/access.ts';
import { audit } from '../../core/audit/audit.ts';
import { notifyHolders } from '../../core/notify/notify.ts';
import { draftStatus, insertDraftInvoice } from '../../core/orders/new-invoice.ts';
import { findParties, newRecordHead } from '../../core/records/parties.ts';
import type { PortalContext } from '../../core/portal/portal-session.ts';
import { nextNumber } from '../../lib/counters.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { processPhoto } from '../../lib/images.ts';
import { listPage, searchWhere } from '../../lib/list.ts';
import { newFileKey, type FileStorage } from '../../lib/storage.ts';
import type { NamedImageUpload } from '../../lib/uploads.ts';

const r = schema.serviceRequests;
const rp = schema.serviceRequestPictures;
const cu = schema.customers;
const eq_ = schema.equipments;

type Row = typeof r.$inferSelect;

/** The requests as the API shows them, with customer, equipment, the record made and the photos' thumbnails. */
async function shown(db: Db | Tx, rows: Row[]): Promise<ServiceRequest[]> {
  if (!rows.length) return [];
  const ids = rows.map((x) => x.id);
  const org = rows[0]!.organizationId;
  const idsOf = (pick: (x: Row) => number | null) => [...new Set(rows.map(pick).filter((x): x is number => x !== null))];
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const customerIds = idsOf((x) => x.customerId);
  const equipmentIds = idsOf((x) => x.equipmentId);
  const estimateIds = idsOf((x) => x.estimateId);
  const invoiceIds = idsOf((x) => x.invoiceId);
  const customers = customerIds.length
    ? byId(await db.select({ id: cu.id, name: cu.name }).from(cu).where(and(eq(cu.organizationId, org), inArray(cu.id, customerIds))))
    : new Map();
  const machines = equipmentIds.length
    ? byId(await db.select({ id: eq_.id, name: eq_.name }).from(eq_).where(and(eq(eq_.organizationId, org), inArray(eq_.id, equipmentIds))))
    : new Map();
  const es = schema.estimates;
  const i = schema.invoices;
  const estimates = estimateIds.length
    ? byId(await db.select({ id: es.id, number: es.number }).from(es).where(and(eq(es.organizationId, org), inArray(es.id, estimateIds))))
    : new Map();
  const orders = invoiceIds.length
    ? byId(await db.select({ id: i.id, number: i.number }).from(i).where(and(eq(i.organizationId, org), inArray(i.id, invoiceIds))))
    : new Map();
  const pictures = await db
    .select({ id: rp.id, requestId: rp.requestId, name: rp.name, thumbnail: rp.thumbnail })
    .from(rp)
    .where(and(eq(rp.organizationId, org), inArray(rp.requestId, ids)))
    .orderBy(asc(rp.id));
  return rows.map((x) => ({
    id: x.id,
    number: x.number,
    source: x.source,
    status: x.status,
    statusLabel: serviceRequestStatusLabels[x.status],
    customer: x.customerId === null ? null : (customers.get(x.customerId) ?? null),
    contactName: x.contactName,
    contactEmail: x.contactEmail,
    contactPhone: x.contactPhone,
    equipment: x.equipmentId === null ? null : (machines.get(x.equipmentId) ?? null),
    problem: x.problem,
    preferredDays: x.preferredDays,
    preferredPeriods: x.preferredPeriods,
    preferredNote: x.preferredNote,
    estimate: x.estimateId === null ? null : (estimates.get(x.estimateId) ?? null),
    order: x.invoiceId === null ? null : (orders.get(x.invoiceId) ?? null),
    closedReason: x.closedReason,
    createdAt: x.createdAt.toISOString(),
    pictures: pictures.filter((p) => p.requestId === x.id).map(({ requestId: _, ...p }) => p),
  }));
}

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
    url: `/service-requests?open=${row!.id}`,
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
        .select({ id: eq_.id })
        .from(eq_)
        .where(and(eq(eq_.organizationId, portal.organizationId), eq(eq_.customerId, portal.customerId), eq(eq_.id, body.equipment)));
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

/** The public form's request: the contact as typed, no customer yet. */
export async function createPublicRequest(
  db: Db,
  organizationId: number,
  body: { name: string; email: string; phone: string | null } & Omit<PortalServiceRequestBody, 'equipment'>,
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
    return row.id;
  });
}

/** The customer's own requests (GET /api/portal/service-requests), newest first. */
export async function portalRequests(db: Db, portal: PortalContext, query: { skip: number; take: number }) {
  const where = and(eq(r.organizationId, portal.organizationId), eq(r.customerId, portal.customerId));
  return listPage(
    query,
    db.select().from(r).where(where).orderBy(desc(r.id)).limit(query.take).offset(query.skip).then((rows) => shown(db, rows)),
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
    db.select().from(r).where(where).orderBy(desc(r.id)).limit(query.take).offset(query.skip).then((rows) => shown(db, rows)),
    () => db.$count(r, where),
  );
}

async function lockRequest(tx: Tx, organizationId: number, id: number) {
  const [row] = await tx
    .select()
    .from(r)
    .where(and(eq(r.organizationId, organizationId), eq(r.id, id)))
    .for('update');
  return assertFound(row);
}

export async function getRequest(db: Db, organizationId: number, id: number) {
  const [row] = await db.select().from(r).where(and(eq(r.organizationId, organizationId), eq(r.id, id)));
  return (await shown(db, [assertFound(row)]))[0]!;
}

/**
 * POST service-requests/{id}/order|estimate: in one transaction, a Draft order or estimate for the
 * request's customer (or the one chosen, for a public request), with its machine and the problem, and
 * the request points at it. A request already turned or closed is a 409.
 */
export async function convertRequest(
  db: Db,
  actor: Actor,
  id: number,
  kind: 'order' | 'estimate',
  body: ConvertServiceRequestBody,
) {
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
      ? (await tx.select().from(eq_).where(and(eq(eq_.id, row.equipmentId), eq(eq_.customerId, customerId))))[0]
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
    } else {
      const head = await newRecordHead(tx, actor, { counter: 'estimate', table: 'estimates' }, { company, customer, nature });
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
    return made;
  });
}

/** POST service-requests/{id}/close: answered without a visit (a call sufficed, a duplicate, spam). */
export async function closeRequest(db: Db, organizationId: number, id: number, reason: string | null) {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, organizationId, id);
    if (row.status !== 'open') throw conflict(msg.notOpen);
    const [closed] = await tx
      .update(r)
      .set({ status: 'closed', closedReason: reason, updatedAt: new Date() })
      .where(eq(r.id, id))
      .returning();
    return (await shown(tx, [closed!]))[0]!;
  });
}

/** The customer's own request, still open: checked before the photos are even read. */
export async function assertOwnOpenRequest(db: Db, portal: PortalContext, id: number) {
  const [found] = await db
    .select({ status: r.status })
    .from(r)
    .where(and(eq(r.organizationId, portal.organizationId), eq(r.customerId, portal.customerId), eq(r.id, id)));
  if (assertFound(found).status !== 'open') throw conflict(msg.notOpen);
}

/**
 * POST /api/portal/service-requests/{id}/pictures: photos of the customer's open request (decoded,
 * thumbnailed and given a print copy, as an order's), at most MAX_REQUEST_PHOTOS.
 */
export async function addRequestPictures(
  db: Db,
  storage: FileStorage,
  portal: PortalContext,
  id: number,
  uploads: NamedImageUpload[],
) {
  const organizationId = portal.organizationId;
  await assertOwnOpenRequest(db, portal, id);
  const files: Array<
    Awaited<ReturnType<typeof processPhoto>> & { upload: NamedImageUpload; fileKey: string; printKey: string }
  > = [];
  for (const upload of uploads) {
    const processed = await processPhoto(upload.data, upload.contentType, 'attachment');
    files.push({
      upload,
      ...processed,
      fileKey: newFileKey(organizationId, `service-requests/${id}`, 'photo', upload.extension),
      printKey: newFileKey(organizationId, `service-requests/${id}`, 'print', 'jpg'),
    });
  }
  const written: string[] = [];
  try {
    for (const f of files) {
      await storage.put(f.fileKey, f.upload.data, f.upload.contentType);
      written.push(f.fileKey);
      await storage.put(f.printKey, f.print, 'image/jpeg');
      written.push(f.printKey);
    }
    return await db.transaction(async (tx) => {
      const row = await lockRequest(tx, organizationId, id);
      if (row.status !== 'open') throw conflict(msg.notOpen);
      const n = await tx.$count(rp, eq(rp.requestId, id));
      if (n + files.length > MAX_REQUEST_PHOTOS) throw invalid({ attachment: msg.tooManyPhotos });
      await tx.insert(rp).values(
        files.map((f) => ({
          organizationId,
          requestId: id,
          name: f.upload.name,
          contentType: f.upload.contentType,
          size: f.upload.data.length,
          width: f.width,
          height: f.height,
          fileKey: f.fileKey,
          printKey: f.printKey,
          thumbnail: f.thumbnail,
        })),
      );
      return (await shown(tx, [row]))[0]!;
    });
  } catch (err) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw err;
  }
}

/** GET service-requests/{id}/pictures/{pictureId}: a photo as sent, for the office. */
export async function requestPicture(db: Db, storage: FileStorage, organizationId: number, id: number, pictureId: number) {
  const [row] = await db
    .select({ fileKey: rp.fileKey, contentType: rp.contentType })
    .from(rp)
    .where(and(eq(rp.organizationId, organizationId), eq(rp.requestId, id), eq(rp.id, pictureId)));
  const picture = assertFound(row);
  const data = await storage.get(picture.fileKey);
  if (!data) throw notFound();
  return { data, contentType: picture.contentType };
}
