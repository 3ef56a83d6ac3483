import type { ListQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { register } from '../../core/registers/register.ts';
import { alphabetical } from '../../lib/paging.ts';
import { assertFound } from '../../core/access/access.ts';

const t = schema.transactionNatures;
const columns = { id: t.id, name: t.name, description: t.description };
type Body = { name: string; description: string };

const natures = register({
  table: t,
  select: (db) => db.select(columns).from(t).$dynamic(),
  toItem: (row) => row,
  search: [t.name, t.description],
  order: [alphabetical(t.name)],
});

export const listTransactionNatures = (db: Db, organizationId: number, query: ListQuery) =>
  natures.list(db, organizationId, query);

export const getTransactionNature = natures.get;

export async function createTransactionNature(db: Db, organizationId: number, body: Body) {
  const [row] = await db
    .insert(t)
    .values({ organizationId, ...body })
    .returning(columns);
  return row!;
}

export async function updateTransactionNature(db: Db, organizationId: number, id: number, body: Body) {
  const [row] = await db
    .update(t)
    .set({ ...body, updatedAt: new Date() })
    .where(natures.owned(organizationId, id))
    .returning(columns);
  return assertFound(row);
}
