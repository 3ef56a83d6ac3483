import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_UNIT, fromCents, toCents, type ListQuery, type ProductBody } from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { listPage, searchWhere } from '../../lib/list.ts';
import { alphabetical } from '../../lib/paging.ts';

const t = schema.products;
const columns = { id: t.id, name: t.name, priceCents: t.priceCents, unit: t.unit };
const toProduct = (r: { id: number; name: string; priceCents: number; unit: string }) => ({
  id: r.id,
  name: r.name,
  price: fromCents(r.priceCents),
  unit: r.unit,
});

/** Alphabetical, searched by name (also the product picker of orders and estimates). */
export async function listProducts(db: Db, organizationId: number, query: ListQuery) {
  const where = and(eq(t.organizationId, organizationId), searchWhere(query.q, [t.name]));
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
    toProduct,
  );
}

export async function getProduct(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)));
  return toProduct(assertFound(row));
}

export async function createProduct(db: Db, organizationId: number, body: ProductBody) {
  const [row] = await db
    .insert(t)
    .values({ organizationId, name: body.name, priceCents: toCents(body.price), unit: body.unit ?? DEFAULT_UNIT })
    .returning(columns);
  return toProduct(row!);
}

export async function updateProduct(db: Db, organizationId: number, id: number, body: ProductBody) {
  const [row] = await db
    .update(t)
    .set({
      name: body.name,
      priceCents: toCents(body.price),
      ...(body.unit ? { unit: body.unit } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)))
    .returning(columns);
  return toProduct(assertFound(row));
}
