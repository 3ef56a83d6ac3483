import { isNotNull, isNull } from 'drizzle-orm';
import { checklistMessages, type ChecklistTemplateBody, type ListQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { register } from '../../core/registers/register.ts';
import { alphabetical } from '../../lib/paging.ts';
import { assertFound } from '../../core/access/access.ts';

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

const templates = register({
  table: t,
  select: (db) => db.select(columns).from(t).$dynamic(),
  toItem: toTemplate,
  search: [t.name],
  order: [alphabetical(t.name)],
  // Two live templates with one name (any case) could not be told apart in the picker: 422 on name.
  unique: { constraint: 'checklist_templates_name_key', field: 'name', message: checklistMessages.nameTaken },
  retiredAt: t.retiredAt,
});

export const listTemplates = (db: Db, organizationId: number, query: ListQuery & { retired?: boolean }) =>
  templates.list(db, organizationId, query, query.retired ? isNotNull(t.retiredAt) : isNull(t.retiredAt));

export const getTemplate = templates.get;

export function createTemplate(db: Db, organizationId: number, body: ChecklistTemplateBody) {
  return templates.unique(async () => {
    const [row] = await db
      .insert(t)
      .values({ organizationId, name: body.name, items: numbered(body) })
      .returning(columns);
    return toTemplate(row!);
  });
}

/** A retired template is not found. */
export function updateTemplate(db: Db, organizationId: number, id: number, body: ChecklistTemplateBody) {
  return templates.unique(async () => {
    const [row] = await db
      .update(t)
      .set({ name: body.name, items: numbered(body), updatedAt: new Date() })
      .where(templates.live(organizationId, id))
      .returning(columns);
    return toTemplate(assertFound(row));
  });
}

/** DELETE: retired, not deleted (orders that used it keep their copy and its name). */
export const retireTemplate = templates.retire;
