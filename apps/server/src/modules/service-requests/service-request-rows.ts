import { and, asc, eq, inArray } from 'drizzle-orm';
import { serviceRequestStatusLabels, type ServiceRequest } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { assertFound } from '../../core/access/access.ts';

// A service request's row as the API shows it, and the row locked for a change.

const r = schema.serviceRequests;
const rp = schema.serviceRequestPictures;
const cu = schema.customers;
const eqp = schema.equipments;

type Row = typeof r.$inferSelect;

/** The requests as the API shows them, with customer, equipment, the record made and the photos' thumbnails. */
export async function shown(db: Db | Tx, rows: Row[]): Promise<ServiceRequest[]> {
  if (!rows.length) return [];
  const ids = rows.map((x) => x.id);
  const org = rows[0]!.organizationId;
  const idsOf = (pick: (x: Row) => number | null) => [
    ...new Set(rows.map(pick).filter((x): x is number => x !== null)),
  ];
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const customerIds = idsOf((x) => x.customerId);
  const equipmentIds = idsOf((x) => x.equipmentId);
  const estimateIds = idsOf((x) => x.estimateId);
  const invoiceIds = idsOf((x) => x.invoiceId);
  const customers = customerIds.length
    ? byId(
        await db
          .select({ id: cu.id, name: cu.name })
          .from(cu)
          .where(and(eq(cu.organizationId, org), inArray(cu.id, customerIds))),
      )
    : new Map();
  const machines = equipmentIds.length
    ? byId(
        await db
          .select({ id: eqp.id, name: eqp.name })
          .from(eqp)
          .where(and(eq(eqp.organizationId, org), inArray(eqp.id, equipmentIds))),
      )
    : new Map();
  const es = schema.estimates;
  const i = schema.invoices;
  const estimates = estimateIds.length
    ? byId(
        await db
          .select({ id: es.id, number: es.number })
          .from(es)
          .where(and(eq(es.organizationId, org), inArray(es.id, estimateIds))),
      )
    : new Map();
  const orders = invoiceIds.length
    ? byId(
        await db
          .select({ id: i.id, number: i.number })
          .from(i)
          .where(and(eq(i.organizationId, org), inArray(i.id, invoiceIds))),
      )
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
    pictures: pictures
      .filter((p) => p.requestId === x.id)
      .map((p) => ({ id: p.id, name: p.name, thumbnail: p.thumbnail })),
  }));
}

export async function lockRequest(tx: Tx, organizationId: number, id: number) {
  const [row] = await tx
    .select()
    .from(r)
    .where(and(eq(r.organizationId, organizationId), eq(r.id, id)))
    .for('update');
  return assertFound(row);
}
