import { and, asc, eq } from 'drizzle-orm';
import type { ListQuery } from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { listPage, searchWhere } from '../../lib/list.ts';
import { alphabetical } from '../../lib/paging.ts';

const t = schema.transactionNatures;
const columns = { id: t.id, name: t.name, description: t.description };
type Body = { name: string; description: string };

export async function listTransactionNatures(db: Db, organizationId: number, query: ListQuery) {
  const where = and(eq(t.organizationId, organizationId), searchWhere(query.q, [t.name, t.description]));
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
  );
}

export async function getTransactionNature(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)));
  return assertFound(row);
}

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
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)))
    .returning(columns);
  return assertFound(row);
}
