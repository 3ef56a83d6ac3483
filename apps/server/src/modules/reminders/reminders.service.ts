import { and, asc, eq } from 'drizzle-orm';
import type { ListQuery } from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { listPage, searchWhere } from '../../lib/list.ts';
import { alphabetical } from '../../lib/paging.ts';

const t = schema.reminders;
const columns = { id: t.id, description: t.description, isRequired: t.isRequired, isActive: t.isActive };
type Body = { description: string; isRequired: boolean; isActive: boolean };

/** onlyActive: the picker of estimate reminders (GET reminders/actives). */
export async function listReminders(db: Db, organizationId: number, query: ListQuery, onlyActive = false) {
  const where = and(
    eq(t.organizationId, organizationId),
    onlyActive ? eq(t.isActive, true) : undefined,
    searchWhere(query.q, [t.description]),
  );
  return listPage(
    query,
    db
      .select(columns)
      .from(t)
      .where(where)
      .orderBy(alphabetical(t.description), asc(t.id))
      .limit(query.take)
      .offset(query.skip),
    () => db.$count(t, where),
  );
}

export async function getReminder(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)));
  return assertFound(row);
}

export async function createReminder(db: Db, organizationId: number, body: Body) {
  const [row] = await db
    .insert(t)
    .values({ organizationId, ...body })
    .returning(columns);
  return row!;
}

export async function updateReminder(db: Db, organizationId: number, id: number, body: Body) {
  const [row] = await db
    .update(t)
    .set({ ...body, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)))
    .returning(columns);
  return assertFound(row);
}
