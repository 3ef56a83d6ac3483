import { isNull } from 'drizzle-orm';
import { catalogMessages, fromCents, toCents, type ServiceBody, type ServiceListQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { pickColumns } from '../../lib/sql.ts';
import { register } from '../../core/registers/register.ts';
import { alphabetical } from '../../lib/paging.ts';
import { assertFound } from '../../core/access/access.ts';

const t = schema.services;
const columns = pickColumns(t, 'id', 'name', 'code', 'priceCents', 'warrantyDays', 'serviceCode', 'archivedAt');
const toService = (r: {
  id: number;
  name: string;
  code: string | null;
  priceCents: number;
  warrantyDays: number | null;
  serviceCode: string | null;
  archivedAt: Date | null;
}) => ({
  id: r.id,
  name: r.name,
  code: r.code,
  price: fromCents(r.priceCents),
  warrantyDays: r.warrantyDays,
  serviceCode: r.serviceCode,
  archivedAt: r.archivedAt?.toISOString() ?? null,
});

const services = register({
  table: t,
  select: (db) => db.select(columns).from(t).$dynamic(),
  toItem: toService,
  search: [t.name, t.code],
  order: [alphabetical(t.name)],
  retiredAt: t.archivedAt,
  unique: { constraint: 'services_organization_code_key', field: 'code', message: catalogMessages.serviceCodeTaken },
});

/** Alphabetical, searched by name and code; deleted (archived) services only when asked for. */
export const listServices = (db: Db, organizationId: number, query: ServiceListQuery) =>
  services.list(db, organizationId, query, query.includeArchived ? undefined : isNull(t.archivedAt));

/** Also an archived service: order lines that used it may still link to it. */
export const getService = services.get;

export async function createService(db: Db, organizationId: number, body: ServiceBody) {
  const [row] = await services.unique(() =>
    db
      .insert(t)
      .values({
        organizationId,
        name: body.name,
        code: body.code ?? null,
        priceCents: toCents(body.price),
        warrantyDays: body.warrantyDays ?? null,
        serviceCode: body.serviceCode ?? null,
      })
      .returning(columns),
  );
  return toService(row!);
}

/** An archived service can still be edited. */
export async function updateService(db: Db, organizationId: number, id: number, body: ServiceBody) {
  const [row] = await services.unique(() =>
    db
      .update(t)
      .set({
        name: body.name,
        priceCents: toCents(body.price),
        ...(body.code !== undefined ? { code: body.code } : {}),
        ...(body.warrantyDays !== undefined ? { warrantyDays: body.warrantyDays } : {}),
        ...(body.serviceCode !== undefined ? { serviceCode: body.serviceCode } : {}),
        updatedAt: new Date(),
      })
      .where(services.owned(organizationId, id))
      .returning(columns),
  );
  return toService(assertFound(row));
}

/**
 * 'Delete' retires the service instead of destroying it: order and estimate lines keep their own
 * name and price, and the pickers stop offering it. Deleting it again is a 404.
 */
export const archiveService = services.retire;
