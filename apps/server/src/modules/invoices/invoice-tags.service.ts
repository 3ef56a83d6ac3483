import { and, asc, eq, sql } from 'drizzle-orm';
import { paperworkMessages, type ListQuery } from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { conflict, notFound } from '../../plugins/errors.ts';
import { listPage, searchWhere } from '../../lib/list.ts';
import { alphabetical } from '../../lib/paging.ts';
import { lockInvoice, recordChange, visibleInvoice, type Actor } from './invoice-access.ts';

const t = schema.tags;
const it = schema.invoiceTags;

/** GET invoices/{id}/tags/available (admin): the organization's tags not on the order, searchable. */
export async function availableTags(db: Db, actor: Actor, id: number, query: ListQuery) {
  await visibleInvoice(db, actor, id);
  const where = and(
    eq(t.organizationId, actor.organizationId),
    sql`NOT EXISTS (SELECT 1 FROM ${it} x WHERE x.invoice_id = ${id} AND x.tag_id = ${t.id})`,
    searchWhere(query.q, [t.name]),
  );
  return listPage(
    query,
    db
      .select({ id: t.id, name: t.name, color: t.color })
      .from(t)
      .where(where)
      .orderBy(alphabetical(t.name), asc(t.id))
      .limit(query.take)
      .offset(query.skip),
    () => db.$count(t, where),
    (r) => ({ id: r.id, name: r.name, color: r.color }),
  );
}

/**
 * POST invoices/{id}/tags/{tagId} (admin). Tags are the shop's own labels ('Garantia', 'Urgente'), so
 * they may change in any state, also on a closed order.
 */
export async function addTag(db: Db, actor: Actor, id: number, tagId: number) {
  return db.transaction(async (tx) => {
    await lockInvoice(tx, actor, id);
    const [tag] = await tx
      .select({ tagId: t.id, name: t.name, color: t.color })
      .from(t)
      .where(and(eq(t.id, tagId), eq(t.organizationId, actor.organizationId)));
    if (!tag) throw notFound(paperworkMessages.tagNotFound);
    const [added] = await tx
      .insert(it)
      .values({ organizationId: actor.organizationId, invoiceId: id, tagId })
      .onConflictDoNothing()
      .returning({ tagId: it.tagId });
    if (!added) throw conflict(paperworkMessages.tagAlreadyOnInvoice);
    await recordChange(tx, actor, id, 'update', [{ field: 'tags', before: null, after: tag.name }]);
    return tag;
  });
}

/** DELETE invoices/{id}/tags/{tagId} (admin). */
export async function removeTag(db: Db, actor: Actor, id: number, tagId: number) {
  await db.transaction(async (tx) => {
    await lockInvoice(tx, actor, id);
    const [removed] = await tx
      .delete(it)
      .where(and(eq(it.invoiceId, id), eq(it.tagId, tagId)))
      .returning({ tagId: it.tagId });
    if (!removed) throw notFound();
    const [tag] = await tx.select({ name: t.name }).from(t).where(eq(t.id, tagId));
    await recordChange(tx, actor, id, 'delete', [{ field: 'tags', before: tag?.name ?? tagId, after: null }]);
  });
}
