import { and, asc, count, eq, ne } from 'drizzle-orm';
import {
  CommentType,
  invoiceMessages,
  MAX_COMMENTS_PER_INVOICE,
  type AddCommentBody,
  type InvoiceComment,
  can,
} from '@oficina/contracts';
import { schema, type Db } from '@oficina/db';
import { assertFound } from '../../plugins/auth.ts';
import { conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { assertOpen, lockInvoice, recordChange, visibleTo, type Actor } from './invoice-access.ts';

const { invoices: i, invoiceComments: c, users: u } = schema;

/** Internal (3) and System (4) comments are for admins only (the named rule). */
const mayRead = (actor: Actor, type: number) => can.orderCommentType(actor, type);

const columns = {
  id: c.id,
  comment: c.comment,
  type: c.type,
  createdAt: c.createdAt,
  userName: u.name,
  userId: c.userId,
};
const toComment = (
  r: { createdAt: Date; userName: string | null } & Omit<InvoiceComment, 'createdAt' | 'userName'>,
) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  userName: r.userName ?? '',
});

/** GET invoices/{id}/comments/type/{type}: oldest first, so a thread reads top to bottom. */
export async function listComments(db: Db, actor: Actor, id: number, type: number) {
  if (!mayRead(actor, type)) throw forbidden();
  const [invoice] = await db
    .select({ id: i.id })
    .from(i)
    .where(and(eq(i.id, id), visibleTo(actor)));
  assertFound(invoice);
  const rows = await db
    .select(columns)
    .from(c)
    .leftJoin(u, eq(u.id, c.userId))
    .where(and(eq(c.invoiceId, id), eq(c.type, type)))
    .orderBy(asc(c.createdAt), asc(c.id));
  return { data: rows.map(toComment) };
}

/** POST invoices/{id}/comments: General and Technical for everyone on the order, Internal for admins. */
export async function addComment(db: Db, actor: Actor, id: number, body: AddCommentBody) {
  if (!mayRead(actor, body.type)) throw forbidden();
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertOpen(row);
    // Counted under the order's lock, so two writers cannot both take the last place.
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(c)
      .where(and(eq(c.invoiceId, id), ne(c.type, CommentType.System)))) as [{ n: number }];
    if (Number(n) >= MAX_COMMENTS_PER_INVOICE) throw conflict(invoiceMessages.tooManyComments);
    const [created] = await tx
      .insert(c)
      .values({
        organizationId: actor.organizationId,
        invoiceId: id,
        userId: actor.userId,
        type: body.type,
        comment: body.comment,
      })
      .returning({ id: c.id, comment: c.comment, type: c.type, createdAt: c.createdAt, userId: c.userId });
    await recordChange(tx, actor, id, 'update', [
      { field: 'comments', before: null, after: { type: body.type, comment: body.comment } },
    ]);
    return toComment({ ...created!, userName: actor.name });
  });
}

/**
 * DELETE invoices/{id}/comments/{commentId}: System comments are the order's history and stay;
 * a collaborator removes only their own comments, an admin any other.
 */
export async function removeComment(db: Db, actor: Actor, id: number, commentId: number) {
  await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, actor, id);
    assertOpen(row);
    const [comment] = await tx
      .select({ type: c.type, userId: c.userId, comment: c.comment })
      .from(c)
      .where(and(eq(c.id, commentId), eq(c.invoiceId, id)));
    // A comment the actor may not read does not exist for them.
    if (!comment || !mayRead(actor, comment.type)) throw notFound();
    if (comment.type === CommentType.System) throw conflict(invoiceMessages.systemCommentLocked);
    if (!can.removeComment(actor, comment)) throw forbidden(invoiceMessages.commentNotYours);
    await tx.delete(c).where(eq(c.id, commentId));
    await recordChange(tx, actor, id, 'delete', [
      { field: 'comments', before: { type: comment.type, comment: comment.comment }, after: null },
    ]);
  });
}
