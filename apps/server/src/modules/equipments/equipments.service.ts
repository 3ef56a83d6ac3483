import { and, asc, eq, sql } from 'drizzle-orm';
import { InvoiceState, type EquipmentBody, type ListQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { listPage, searchWhere } from '../../lib/list.ts';
import { assertFound } from '../../core/access/access.ts';

const t = schema.equipments;

/**
 * Until when the equipment is under warranty ('YYYY-MM-DD', null: none): its last completed order's
 * end day, in the organization's time zone, plus the longest warranty among that order's lines. An
 * order without warranty on its lines ends the warranty of the ones before it.
 */
// Written against the table's own name: a select of one table names its columns unqualified.
const warrantyUntil = sql<string | null>`(
  SELECT to_char((i.finished_at AT TIME ZONE o.time_zone)::date + (
      SELECT max(l.warranty_days) FROM (
        SELECT warranty_days FROM invoice_services WHERE invoice_id = i.id
        UNION ALL SELECT warranty_days FROM invoice_products WHERE invoice_id = i.id) l
    ), 'YYYY-MM-DD')
  FROM invoice_equipments ie
  JOIN invoices i ON i.id = ie.invoice_id AND i.organization_id = ie.organization_id
  JOIN organizations o ON o.id = i.organization_id
  WHERE ie.equipment_id = equipments.id AND i.state = ${InvoiceState.Completed} AND i.finished_at IS NOT NULL
  ORDER BY i.finished_at DESC, i.id DESC
  LIMIT 1)`;

const columns = {
  id: t.id,
  name: t.name,
  brand: t.brand,
  model: t.model,
  serialNumber: t.serialNumber,
  description: t.description,
  kind: t.kind,
  capacityBtuh: t.capacityBtuh,
  location: t.location,
  warrantyUntil,
};

async function assertCustomer(db: Db, organizationId: number, customerId: number) {
  const c = schema.customers;
  const [row] = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.id, customerId), eq(c.organizationId, organizationId)));
  assertFound(row);
}

const own = (organizationId: number, customerId: number, equipmentId?: number) =>
  and(
    eq(t.organizationId, organizationId),
    eq(t.customerId, customerId),
    equipmentId === undefined ? undefined : eq(t.id, equipmentId),
  );

/** A customer's equipment; q searches name, brand, model and serial number (for the pickers on orders). */
export async function listEquipments(db: Db, organizationId: number, customerId: number, query: ListQuery) {
  await assertCustomer(db, organizationId, customerId);
  const where = and(own(organizationId, customerId), searchWhere(query.q, [t.name, t.brand, t.model, t.serialNumber]));
  return listPage(
    query,
    db.select(columns).from(t).where(where).orderBy(asc(t.id)).limit(query.take).offset(query.skip),
    () => db.$count(t, where),
  );
}

export async function getEquipment(db: Db, organizationId: number, customerId: number, equipmentId: number) {
  const [row] = await db
    .select(columns)
    .from(t)
    .where(own(organizationId, customerId, equipmentId));
  return assertFound(row);
}

export async function createEquipment(db: Db, organizationId: number, customerId: number, body: EquipmentBody) {
  await assertCustomer(db, organizationId, customerId);
  const [row] = await db
    .insert(t)
    .values({ ...body, organizationId, customerId })
    .returning(columns);
  return row!;
}

export async function updateEquipment(
  db: Db,
  organizationId: number,
  customerId: number,
  equipmentId: number,
  body: EquipmentBody,
) {
  const [row] = await db
    .update(t)
    .set({ ...body, updatedAt: new Date() })
    .where(own(organizationId, customerId, equipmentId))
    .returning(columns);
  return assertFound(row);
}

export async function deleteEquipment(db: Db, organizationId: number, customerId: number, equipmentId: number) {
  const [row] = await db
    .delete(t)
    .where(own(organizationId, customerId, equipmentId))
    .returning({ id: t.id });
  assertFound(row);
}
