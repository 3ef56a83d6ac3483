import { and, asc, eq, type SQL } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { notFound } from '../../lib/errors.ts';
import { ownerColumn, ownerValues, type Actor, type RecordKind, type RecordRow, type RecordTables } from './kind.ts';

const u = schema.users;

/** What a kind of record decides about its comments; the record core does the rest. */
export interface CommentRules<Row> {
  /** Whether the actor may read, write and so remove comments of this type. */
  mayUse(actor: Actor, type: number): boolean;
  /** Checks the locked record before any comment change (an order takes none once closed). */
  whileLocked?(row: Row): void;
  /** Checks under the record's lock before a comment is added (a cap on how many). */
  beforeAdd?(tx: Tx, row: Row, id: number): Promise<void>;
  /** Runs under the record's lock once the comment is written (whom to tell of it). */
  afterAdd?(tx: Tx, row: Row, comment: { id: number; type: number; comment: string }, actor: Actor): Promise<void>;
  /** Checks under the record's lock before a comment the actor may see is removed. */
  beforeRemove?(row: Row, comment: { type: number; userId: number | null }, actor: Actor): void;
}

/**
 * The comments of a kind of record: listed oldest first (a thread reads top to bottom) with their
 * authors, added and removed in one transaction under the record's lock, each change in the audit
 * trail with its type and text. A comment the actor may not use does not exist for them (404).
 */
export function recordComments<Row extends RecordRow, T extends RecordTables>(
  kind: RecordKind<Row, T>,
  rules: CommentRules<Row>,
) {
  const c = kind.tables.comments;
  const owner = ownerColumn(c);
  const toComment = (r: { id: number; type: number; comment: string; createdAt: Date; userId: number | null }) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
  });

  return {
    /** The record's comments (of one type, when given), oldest first. */
    async listComments(db: Db, actor: Actor, id: number, type?: number) {
      await kind.find(db, actor, id);
      const where: SQL[] = [eq(owner, id)];
      if (type !== undefined) where.push(eq(c.type, type));
      const rows = await db
        .select({
          id: c.id,
          comment: c.comment,
          type: c.type,
          createdAt: c.createdAt,
          userId: c.userId,
          userName: u.name,
        })
        .from(c)
        .leftJoin(u, eq(u.id, c.userId))
        .where(and(...where))
        .orderBy(asc(c.createdAt), asc(c.id));
      return {
        data: rows
          .filter((r) => rules.mayUse(actor, r.type))
          .map((r) => ({ ...toComment(r), userName: r.userName ?? '' })),
      };
    },

    async addComment(db: Db, actor: Actor, id: number, body: { type: number; comment: string }) {
      return db.transaction(async (tx) => {
        const row = await kind.lock(tx, actor, id);
        rules.whileLocked?.(row);
        await rules.beforeAdd?.(tx, row, id);
        const [created] = await tx
          .insert(c)
          .values({
            organizationId: actor.organizationId,
            ...ownerValues(kind, id),
            userId: actor.userId,
            type: body.type,
            comment: body.comment,
          })
          .returning({ id: c.id, comment: c.comment, type: c.type, createdAt: c.createdAt, userId: c.userId });
        await kind.recordChange(tx, actor, id, 'update', [
          { field: 'comments', before: null, after: { type: body.type, comment: body.comment } },
        ]);
        await rules.afterAdd?.(tx, row, created!, actor);
        return { ...toComment(created!), userName: actor.name };
      });
    },

    async removeComment(db: Db, actor: Actor, id: number, commentId: number) {
      await db.transaction(async (tx) => {
        const row = await kind.lock(tx, actor, id);
        rules.whileLocked?.(row);
        const [comment] = await tx
          .select({ type: c.type, userId: c.userId, comment: c.comment })
          .from(c)
          .where(and(eq(c.id, commentId), eq(owner, id)));
        if (!comment || !rules.mayUse(actor, comment.type)) throw notFound();
        rules.beforeRemove?.(row, comment, actor);
        await tx.delete(c).where(eq(c.id, commentId));
        await kind.recordChange(tx, actor, id, 'delete', [
          { field: 'comments', before: { type: comment.type, comment: comment.comment }, after: null },
        ]);
      });
    },
  };
}
