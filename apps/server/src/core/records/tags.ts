import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { paperworkMessages, type ListQuery } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AuditAction, AuditChange } from '../audit/audit.ts';
import { searchWhere } from '../../lib/list.ts';
import { ownerColumn, type Actor } from './kind.ts';
import { pickerPage } from '../registers/register.ts';

const t = schema.tags;

/**
 * Tags on a record (a service order or an estimate): the picker of the organization's tags not on it,
 * adding and removing, each under the record's own access check, lock and audit trail.
 */
export function recordTags(opts: {
  link: typeof schema.invoiceTags | typeof schema.estimateTags;
  /** The link table's column naming the record (SQL name, for the picker's NOT EXISTS). */
  column: 'invoice_id' | 'estimate_id';
  find(db: Db, actor: Actor, id: number): Promise<unknown>;
  lock(tx: Tx, actor: Actor, id: number): Promise<unknown>;
  record(tx: Tx, actor: Actor, id: number, action: AuditAction, data: AuditChange[]): Promise<void>;
  alreadyThere: string;
}) {
  const { link } = opts;
  const owner = ownerColumn(link);
  return {
    /** GET .../tags/available: the organization's tags not on the record, searchable. */
    async available(db: Db, actor: Actor, id: number, query: ListQuery) {
      await opts.find(db, actor, id);
      const where = and(
        eq(t.organizationId, actor.organizationId),
        sql`NOT EXISTS (SELECT 1 FROM ${link} x WHERE x.${sql.raw(opts.column)} = ${id} AND x.tag_id = ${t.id})`,
        searchWhere(query.q, [t.name]),
      );
      return pickerPage(
        db,
        query,
        t,
        db.select({ id: t.id, name: t.name, color: t.color }).from(t).$dynamic(),
        where,
        (r) => r,
      );
    },
    /** POST .../tags/{tagId}: the organization's tag, once. */
    async add(db: Db, actor: Actor, id: number, tagId: number) {
      return db.transaction(async (tx) => {
        await opts.lock(tx, actor, id);
        const [tag] = await tx
          .select({ tagId: t.id, name: t.name, color: t.color })
          .from(t)
          .where(and(eq(t.id, tagId), eq(t.organizationId, actor.organizationId)));
        if (!tag) throw notFound(paperworkMessages.tagNotFound);
        const [added] = await tx
          .insert(link)
          .values({
            organizationId: actor.organizationId,
            tagId,
            ...('invoiceId' in link ? { invoiceId: id } : { estimateId: id }),
          } as never)
          .onConflictDoNothing()
          .returning({ tagId: link.tagId });
        if (!added) throw conflict(opts.alreadyThere);
        await opts.record(tx, actor, id, 'update', [{ field: 'tags', before: null, after: tag.name }]);
        return tag;
      });
    },
    /** DELETE .../tags/{tagId}. */
    async remove(db: Db, actor: Actor, id: number, tagId: number) {
      await db.transaction(async (tx) => {
        await opts.lock(tx, actor, id);
        const [removed] = await tx
          .delete(link)
          .where(and(eq(owner, id), eq(link.tagId, tagId)))
          .returning({ tagId: link.tagId });
        if (!removed) throw notFound();
        const [tag] = await tx.select({ name: t.name }).from(t).where(eq(t.id, tagId));
        await opts.record(tx, actor, id, 'delete', [{ field: 'tags', before: tag?.name ?? tagId, after: null }]);
      });
    },
  };
}

/** The tags of some records (orders or estimates), alphabetical, by record id: for lists and details. */
export async function tagsByRecord(
  db: Db,
  link: typeof schema.invoiceTags | typeof schema.estimateTags,
  ids: number[],
) {
  const byRecord = new Map<number, Array<{ tagId: number; name: string; color: string }>>();
  if (!ids.length) return byRecord;
  const owner = ownerColumn(link);
  const rows = await db
    .select({ recordId: owner, tagId: t.id, name: t.name, color: t.color })
    .from(link)
    .innerJoin(t, eq(t.id, link.tagId))
    .where(inArray(owner, ids))
    .orderBy(sql`f_unaccent(lower(${t.name}))`, asc(t.id));
  for (const { recordId, ...tag } of rows) {
    const list = byRecord.get(recordId) ?? [];
    list.push(tag);
    byRecord.set(recordId, list);
  }
  return byRecord;
}
