import {
  catalogMessages,
  DEFAULT_UNIT,
  fromCents,
  toCents,
  type ListQuery,
  type ProductBody,
} from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { register } from '../../lib/register.ts';
import { alphabetical } from '../../lib/paging.ts';

const t = schema.products;
const columns = {
  id: t.id,
  name: t.name,
  code: t.code,
  priceCents: t.priceCents,
  unit: t.unit,
  warrantyDays: t.warrantyDays,
};
const toProduct = (r: {
  id: number;
  name: string;
  code: string | null;
  priceCents: number;
  unit: string;
  warrantyDays: number | null;
}) => ({
  id: r.id,
  name: r.name,
  code: r.code,
  price: fromCents(r.priceCents),
  unit: r.unit,
  warrantyDays: r.warrantyDays,
});

const products = register({
  table: t,
  select: (db) => db.select(columns).from(t).$dynamic(),
  toItem: toProduct,
  search: [t.name, t.code],
  order: [alphabetical(t.name)],
  unique: { constraint: 'products_organization_code_key', field: 'code', message: catalogMessages.productCodeTaken },
});

/** Alphabetical, searched by name and code (also the product picker of orders and estimates). */
export const listProducts = (db: Db, organizationId: number, query: ListQuery) =>
  products.list(db, organizationId, query);

export const getProduct = products.get;

export async function createProduct(db: Db, organizationId: number, body: ProductBody) {
  const [row] = await products.unique(() =>
    db
      .insert(t)
      .values({
        organizationId,
        name: body.name,
        code: body.code ?? null,
        priceCents: toCents(body.price),
        unit: body.unit ?? DEFAULT_UNIT,
        warrantyDays: body.warrantyDays ?? null,
      })
      .returning(columns),
  );
  return toProduct(row!);
}

export async function updateProduct(db: Db, organizationId: number, id: number, body: ProductBody) {
  const [row] = await products.unique(() =>
    db
      .update(t)
      .set({
        name: body.name,
        priceCents: toCents(body.price),
        ...(body.unit ? { unit: body.unit } : {}),
        ...(body.code !== undefined ? { code: body.code } : {}),
        ...(body.warrantyDays !== undefined ? { warrantyDays: body.warrantyDays } : {}),
        updatedAt: new Date(),
      })
      .where(products.owned(organizationId, id))
      .returning(columns),
  );
  return toProduct(assertFound(row));
}
