import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  checklistMessages,
  type AnswerChecklistBody,
  type ChecklistValue,
  type OrderChecklist,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { invalid, notFound } from '../../lib/errors.ts';
import { assertOpen, lockInvoice, recordChange, visibleInvoice, type Actor } from '../../core/orders/invoice-access.ts';
import { assertFound } from '../../core/access/access.ts';

/**
 * Checklists on an order: the admin attaches copies of templates; whoever works the order answers
 * them while it is open. A photo item's answer is one of the order's own pictures. Completing an
 * order with a required item unanswered is refused with the items named (core/orders/order-checklists.ts).
 */
const c = schema.invoiceChecklists;

type Row = typeof c.$inferSelect;
const toChecklist = (r: Row): OrderChecklist => ({
  id: r.id,
  name: r.name,
  items: r.items.map((item) => ({ ...item, value: r.answers[String(item.id)] ?? null })),
});

export async function listOrderChecklists(db: Db, actor: Actor, invoiceId: number) {
  await visibleInvoice(db, actor, invoiceId);
  const rows = await db.select().from(c).where(eq(c.invoiceId, invoiceId)).orderBy(asc(c.id));
  return { data: rows.map(toChecklist) };
}

export async function attachChecklist(db: Db, actor: Actor, invoiceId: number, templateId: number) {
  return db.transaction(async (tx) => {
    const order = await lockInvoice(tx, actor, invoiceId);
    assertOpen(order);
    const t = schema.checklistTemplates;
    const [template] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, templateId), eq(t.organizationId, actor.organizationId), isNull(t.retiredAt)));
    if (!template) throw invalid({ template: checklistMessages.templateUnavailable });
    const [row] = await tx
      .insert(c)
      .values({
        organizationId: actor.organizationId,
        invoiceId,
        templateId,
        name: template.name,
        items: template.items,
      })
      .returning();
    await recordChange(tx, actor, invoiceId, 'update', [{ field: 'checklists', before: null, after: template.name }]);
    return toChecklist(row!);
  });
}

export async function removeChecklist(db: Db, actor: Actor, invoiceId: number, checklistId: number) {
  await db.transaction(async (tx) => {
    const order = await lockInvoice(tx, actor, invoiceId);
    assertOpen(order);
    const [row] = await tx
      .delete(c)
      .where(and(eq(c.id, checklistId), eq(c.invoiceId, invoiceId)))
      .returning({ name: c.name });
    if (!row) throw notFound();
    await recordChange(tx, actor, invoiceId, 'delete', [{ field: 'checklists', before: row.name, after: null }]);
  });
}

/** The value an item of this kind takes, or why not (422 on answers.{k}). */
async function checkValue(
  tx: Tx,
  invoiceId: number,
  kind: schema.ChecklistItem['kind'],
  value: ChecklistValue,
): Promise<string | undefined> {
  if (value === null) return undefined;
  if (kind === 'check') return typeof value === 'boolean' ? undefined : checklistMessages.wrongValue;
  if (kind === 'number')
    return typeof value === 'number' && Number.isFinite(value) ? undefined : checklistMessages.notANumber;
  if (kind === 'text') return typeof value === 'string' ? undefined : checklistMessages.wrongValue;
  if (typeof value !== 'number' || !Number.isInteger(value)) return checklistMessages.notAPhoto;
  const p = schema.invoicePictures;
  const found = await tx.$count(p, and(eq(p.id, value), eq(p.invoiceId, invoiceId)));
  return found ? undefined : checklistMessages.notAPhoto;
}

/** PUT invoices/{id}/checklists/{checklistId}: the answers given replace those items' answers. */
export async function answerChecklist(
  db: Db,
  actor: Actor,
  invoiceId: number,
  checklistId: number,
  body: AnswerChecklistBody,
) {
  return db.transaction(async (tx) => {
    const order = await lockInvoice(tx, actor, invoiceId);
    assertOpen(order);
    const [row] = await tx
      .select()
      .from(c)
      .where(and(eq(c.id, checklistId), eq(c.invoiceId, invoiceId)));
    const checklist = assertFound(row);
    const answers = { ...checklist.answers };
    const errors: Record<string, string> = {};
    for (const [k, a] of body.answers.entries()) {
      const item = checklist.items.find((x) => x.id === a.item);
      if (!item) {
        errors[`answers.${k}.item`] = checklistMessages.unknownItem;
        continue;
      }
      const problem = await checkValue(tx, invoiceId, item.kind, a.value);
      if (problem) errors[`answers.${k}.value`] = problem;
      else if (a.value === null || (item.kind === 'text' && typeof a.value === 'string' && !a.value.trim()))
        delete answers[String(item.id)];
      else answers[String(item.id)] = typeof a.value === 'string' ? a.value.trim() : a.value;
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const [saved] = await tx.update(c).set({ answers, updatedAt: new Date() }).where(eq(c.id, checklistId)).returning();
    await recordChange(tx, actor, invoiceId, 'update', [{ field: 'checklists', before: null, after: checklist.name }]);
    return toChecklist(saved!);
  });
}
