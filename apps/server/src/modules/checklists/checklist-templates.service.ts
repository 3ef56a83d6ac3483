import { and, asc, eq, isNull, isNotNull } from 'drizzle-orm';
import { checklistMessages, type ChecklistTemplateBody, type ListQuery } from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { listPage, searchWhere } from '../../lib/list.ts';
import { alphabetical } from '../../lib/paging.ts';
import { assertFound } from '../../plugins/auth.ts';
import { invalid, isUniqueViolation } from '../../plugins/errors.ts';

/**
 * Checklist templates ('Checklists', admin): a name and items to tick, measure, write or photograph.
 * Items are numbered 1..n in order at each save; orders keep their own copy, so an edit or a retirement
 * changes nothing already attached. Retired templates leave the pickers but stay for those orders.
 */
const t = schema.checklistTemplates;
const columns = { id: t.id, name: t.name, items: t.items, retiredAt: t.retiredAt };
type Row = { id: number; name: string; items: schema.ChecklistItem[]; retiredAt: Date | null };
const toTemplate = ({ retiredAt, ...r }: Row) => ({ ...r, retired: retiredAt !== null });

const numbered = (body: ChecklistTemplateBody) =>
  body.items.map((item, k) => ({ id: k + 1, label: item.label, kind: item.kind, required: item.required ?? false }));

export async function listTemplates(db: Db, organizationId: number, query: ListQuery & { retired?: boolean }) {
  const where = and(
    eq(t.organizationId, organizationId),
    query.retired ? isNotNull(t.retiredAt) : isNull(t.retiredAt),
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
    toTemplate,
  );
}

export async function getTemplate(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)));
  return toTemplate(assertFound(row));
}

/** Two live templates with one name (any case) could not be told apart in the picker: 422 on name. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'checklist_templates_name_key')) throw invalid({ name: checklistMessages.nameTaken });
    throw err;
  }
}

export function createTemplate(db: Db, organizationId: number, body: ChecklistTemplateBody) {
  return uniqueName(async () => {
    const [row] = await db
      .insert(t)
      .values({ organizationId, name: body.name, items: numbered(body) })
      .returning(columns);
    return toTemplate(row!);
  });
}

export function updateTemplate(db: Db, organizationId: number, id: number, body: ChecklistTemplateBody) {
  return uniqueName(async () => {
    const [row] = await db
      .update(t)
      .set({ name: body.name, items: numbered(body), updatedAt: new Date() })
      .where(and(eq(t.id, id), eq(t.organizationId, organizationId), isNull(t.retiredAt)))
      .returning(columns);
    return toTemplate(assertFound(row));
  });
}

/** DELETE: retired, not deleted (orders that used it keep their copy and its name). */
export async function retireTemplate(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .update(t)
    .set({ retiredAt: new Date(), updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId), isNull(t.retiredAt)))
    .returning({ id: t.id });
  assertFound(row);
}
