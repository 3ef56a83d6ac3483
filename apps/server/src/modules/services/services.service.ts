import { and, asc, eq, isNull } from 'drizzle-orm';
import { fromCents, toCents, type ServiceBody, type ServiceListQuery } from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { listPage, searchWhere } from '../../lib/list.ts';
import { alphabetical } from '../../lib/paging.ts';

const t = schema.services;
const columns = { id: t.id, name: t.name, priceCents: t.priceCents, archivedAt: t.archivedAt };
const toService = (r: { id: number; name: string; priceCents: number; archivedAt: Date | null }) => ({
  id: r.id,
  name: r.name,
  price: fromCents(r.priceCents),
  archivedAt: r.archivedAt?.toISOString() ?? null,
});
const owned = (organizationId: number, id: number) => and(eq(t.id, id), eq(t.organizationId, organizationId));

/** Alphabetical, searched by name; deleted (archived) services only when asked for. */
export async function listServices(db: Db, organizationId: number, query: ServiceListQuery) {
  const where = and(
    eq(t.organizationId, organizationId),
    query.includeArchived ? undefined : isNull(t.archivedAt),
    searchWhere(query.q, [t.name]),
  );
  return listPage(
    query,
    db
      .select(columns)
      .from(t)
      .where(where)
      .orderBy(alphabetical(t.name), asc(t.id))
      .limit(query.take)
      .offset(query.skip),
    () => db.$count(t, where),
    toService,
  );
}

/** Also an archived service: order lines that used it may still link to it. */
export async function getService(db: Db, organizationId: number, id: number) {
  const [row] = await db.select(columns).from(t).where(owned(organizationId, id));
  return toService(assertFound(row));
}

export async function createService(db: Db, organizationId: number, body: ServiceBody) {
  const [row] = await db
    .insert(t)
    .values({ organizationId, name: body.name, priceCents: toCents(body.price) })
    .returning(columns);
  return toService(row!);
}

export async function updateService(db: Db, organizationId: number, id: number, body: ServiceBody) {
  const [row] = await db
    .update(t)
    .set({ name: body.name, priceCents: toCents(body.price), updatedAt: new Date() })
    .where(owned(organizationId, id))
    .returning(columns);
  return toService(assertFound(row));
}

/**
 * 'Delete' retires the service instead of destroying it: order and estimate lines keep their own
 * name and price, and the pickers stop offering it. Deleting it again is a 404.
 */
export async function archiveService(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .update(t)
    .set({ archivedAt: new Date(), updatedAt: new Date() })
    .where(and(owned(organizationId, id), isNull(t.archivedAt)))
    .returning({ id: t.id });
  assertFound(row);
}
