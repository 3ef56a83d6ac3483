import { tagMessages, type ListQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { register } from '../../core/registers/register.ts';
import { alphabetical } from '../../lib/paging.ts';
import { assertFound } from '../../core/access/access.ts';

const t = schema.tags;
const columns = { id: t.id, name: t.name, color: t.color };
type Body = { name: string; color: string };

const tags = register({
  table: t,
  select: (db) => db.select(columns).from(t).$dynamic(),
  toItem: (row) => row,
  search: [t.name],
  order: [alphabetical(t.name)],
  // Two tags with the same title (any case) could not be told apart on an order: 422 on name.
  unique: { constraint: 'tags_name_key', field: 'name', message: tagMessages.nameTaken },
});

export const listTags = (db: Db, organizationId: number, query: ListQuery) => tags.list(db, organizationId, query);
export const getTag = tags.get;

export function createTag(db: Db, organizationId: number, body: Body) {
  return tags.unique(async () => {
    const [row] = await db
      .insert(t)
      .values({ organizationId, ...body })
      .returning(columns);
    return row!;
  });
}

export function updateTag(db: Db, organizationId: number, id: number, body: Body) {
  return tags.unique(async () => {
    const [row] = await db
      .update(t)
      .set({ ...body, updatedAt: new Date() })
      .where(tags.owned(organizationId, id))
      .returning(columns);
    return assertFound(row);
  });
}
