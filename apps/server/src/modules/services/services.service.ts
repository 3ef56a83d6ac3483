import { isNull } from 'drizzle-orm';
import { catalogMessages, fromCents, toCents, type ServiceBody, type ServiceListQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { pickColumns } from '../../lib/sql.ts';
import { register } from '../../core/registers/register.ts';
import { alphabetical } from '../../lib/paging.ts';
import { assertFound, type Actor } from '../../core/access/access.ts';
import { shownPage, shownTo, valuesSeenBy } from '../../core/access/values.ts';

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
export const listServices = async (db: Db, viewer: Actor, query: ServiceListQuery) =>
  shownPage(
    viewer,
    'service',
    await services.list(db, viewer.organizationId, query, query.includeArchived ? undefined : isNull(t.archivedAt)),
  );

/** Also an archived service: order lines that used it may still link to it. No price for who may not see it. */
export const getService = async (db: Db, viewer: Actor, id: number) =>
  shownTo(viewer, 'service', await services.get(db, viewer.organizationId, id));

export async function createService(db: Db, actor: Actor, body: ServiceBody) {
  const { organizationId } = actor;
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
  return shownTo(actor, 'service', toService(row!));
}

/** An archived service can still be edited. */
export async function updateService(db: Db, actor: Actor, id: number, body: ServiceBody) {
  const { organizationId } = actor;
  const [row] = await services.unique(() =>
    db
      .update(t)
      .set({
        name: body.name,
        // Who may not see the price edits the rest: the price they could not read is kept.
        ...(valuesSeenBy(actor).prices ? { priceCents: toCents(body.price) } : {}),
        ...(body.code !== undefined ? { code: body.code } : {}),
        ...(body.warrantyDays !== undefined ? { warrantyDays: body.warrantyDays } : {}),
        ...(body.serviceCode !== undefined ? { serviceCode: body.serviceCode } : {}),
        updatedAt: new Date(),
      })
      .where(services.owned(organizationId, id))
      .returning(columns),
  );
  return shownTo(actor, 'service', toService(assertFound(row)));
}

/**
 * 'Delete' retires the service instead of destroying it: order and estimate lines keep their own
 * name and price, and the pickers stop offering it. Deleting it again is a 404.
 */
export const archiveService = services.retire;
