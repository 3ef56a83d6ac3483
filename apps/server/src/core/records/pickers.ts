import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { fromCents, type ListQuery, type PermittedViewer } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { pickerPage } from '../registers/register.ts';
import { searchWhere } from '../../lib/list.ts';
import { shownTo } from '../access/values.ts';

// The options of a record's line pickers: the catalogue's services and products, the customer's equipment.

/** The organization's services that are not archived, searchable: the options of a service picker. */
export async function serviceOptions(
  db: Db,
  { organizationId, ...viewer }: PermittedViewer & { organizationId: number },
  query: ListQuery,
) {
  const t = schema.services;
  const where = and(eq(t.organizationId, organizationId), isNull(t.archivedAt), searchWhere(query.q, [t.name]));
  return pickerPage(
    db,
    query,
    t,
    db.select({ id: t.id, name: t.name, priceCents: t.priceCents }).from(t).$dynamic(),
    where,
    (r) => shownTo(viewer, 'service', { id: r.id, name: r.name, price: fromCents(r.priceCents) }),
  );
}

/** The organization's products, searchable: the options of a product picker. */
export async function productOptions(
  db: Db,
  { organizationId, ...viewer }: PermittedViewer & { organizationId: number },
  query: ListQuery,
) {
  const t = schema.products;
  const where = and(eq(t.organizationId, organizationId), searchWhere(query.q, [t.name]));
  return pickerPage(
    db,
    query,
    t,
    db.select({ id: t.id, name: t.name, priceCents: t.priceCents, unit: t.unit }).from(t).$dynamic(),
    where,
    (r) => shownTo(viewer, 'product', { id: r.id, name: r.name, price: fromCents(r.priceCents), unit: r.unit }),
  );
}

/**
 * A customer's equipment, searchable by name, brand, model or serial number, without what `notOn`
 * excludes (the record's own lines): the options of an equipment picker.
 */
export async function equipmentOptions(
  db: Db,
  organizationId: number,
  customerId: number,
  notOn: (equipmentId: AnyPgColumn) => SQL,
  query: ListQuery,
) {
  const t = schema.equipments;
  const where = and(
    eq(t.organizationId, organizationId),
    eq(t.customerId, customerId),
    notOn(t.id),
    searchWhere(query.q, [t.name, t.brand, t.model, t.serialNumber]),
  );
  return pickerPage(
    db,
    query,
    t,
    db
      .select({ id: t.id, name: t.name, brand: t.brand, model: t.model, serialNumber: t.serialNumber })
      .from(t)
      .$dynamic(),
    where,
    (r) => ({ id: r.id, name: r.name, hint: `${r.brand} ${r.model} · N/S ${r.serialNumber}` }),
  );
}
