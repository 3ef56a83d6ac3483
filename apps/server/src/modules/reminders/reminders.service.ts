import { eq } from 'drizzle-orm';
import type { ListQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { register } from '../../core/registers/register.ts';
import { alphabetical } from '../../lib/paging.ts';
import { assertFound } from '../../core/access/access.ts';

const t = schema.reminders;
const columns = { id: t.id, description: t.description, isRequired: t.isRequired, isActive: t.isActive };
type Body = { description: string; isRequired: boolean; isActive: boolean };

const reminders = register({
  table: t,
  select: (db) => db.select(columns).from(t).$dynamic(),
  toItem: (row) => row,
  search: [t.description],
  order: [alphabetical(t.description)],
});

/** onlyActive: the picker of estimate reminders (GET reminders/actives). */
export const listReminders = (db: Db, organizationId: number, query: ListQuery, onlyActive = false) =>
  reminders.list(db, organizationId, query, onlyActive ? eq(t.isActive, true) : undefined);

export const getReminder = reminders.get;

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
    .where(reminders.owned(organizationId, id))
    .returning(columns);
  return assertFound(row);
}
