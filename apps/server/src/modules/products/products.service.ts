import { DEFAULT_UNIT, fromCents, toCents, type ListQuery, type ProductBody } from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { register } from '../../lib/register.ts';
import { alphabetical } from '../../lib/paging.ts';

const t = schema.products;
const columns = { id: t.id, name: t.name, priceCents: t.priceCents, unit: t.unit, warrantyDays: t.warrantyDays };
const toProduct = (r: { id: number; name: string; priceCents: number; unit: string; warrantyDays: number | null }) => ({
  id: r.id,
  name: r.name,
  price: fromCents(r.priceCents),
  unit: r.unit,
  warrantyDays: r.warrantyDays,
});

const products = register({
  table: t,
  select: (db) => db.select(columns).from(t).$dynamic(),
  toItem: toProduct,
  search: [t.name],
  order: [alphabetical(t.name)],
});

/** Alphabetical, searched by name (also the product picker of orders and estimates). */
export const listProducts = (db: Db, organizationId: number, query: ListQuery) =>
  products.list(db, organizationId, query);

export const getProduct = products.get;

export async function createProduct(db: Db, organizationId: number, body: ProductBody) {
  const [row] = await db
    .insert(t)
    .values({
      organizationId,
      name: body.name,
      priceCents: toCents(body.price),
      unit: body.unit ?? DEFAULT_UNIT,
      warrantyDays: body.warrantyDays,
    })
    .returning(columns);
  return toProduct(row!);
}

export async function updateProduct(db: Db, organizationId: number, id: number, body: ProductBody) {
  const [row] = await db
    .update(t)
    .set({
      name: body.name,
      priceCents: toCents(body.price),
      warrantyDays: body.warrantyDays,
      ...(body.unit ? { unit: body.unit } : {}),
      updatedAt: new Date(),
    })
    .where(products.owned(organizationId, id))
    .returning(columns);
  return toProduct(assertFound(row));
}
