import { and, asc, eq } from 'drizzle-orm';
import { tagMessages, type ListQuery } from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { invalid, isUniqueViolation } from '../../plugins/errors.ts';
import { listPage, searchWhere } from '../../lib/list.ts';
import { alphabetical } from '../../lib/paging.ts';

const t = schema.tags;
const columns = { id: t.id, name: t.name, color: t.color };
type Body = { name: string; color: string };

export async function listTags(db: Db, organizationId: number, query: ListQuery) {
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
  );
}

export async function getTag(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)));
  return assertFound(row);
}

/** Two tags with the same title (any case) could not be told apart on an order: 422 on name. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'tags_name_key')) throw invalid({ name: tagMessages.nameTaken });
    throw err;
  }
}

export function createTag(db: Db, organizationId: number, body: Body) {
  return uniqueName(async () => {
    const [row] = await db
      .insert(t)
      .values({ organizationId, ...body })
      .returning(columns);
    return row!;
  });
}

export function updateTag(db: Db, organizationId: number, id: number, body: Body) {
  return uniqueName(async () => {
    const [row] = await db
      .update(t)
      .set({ ...body, updatedAt: new Date() })
      .where(and(eq(t.id, id), eq(t.organizationId, organizationId)))
      .returning(columns);
    return assertFound(row);
  });
}
