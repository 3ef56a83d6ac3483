import { and, count, eq, ne } from 'drizzle-orm';
import {
  adminOnlyOrderCommentTypes,
  CommentType,
  invoiceMessages,
  MAX_COMMENTS_PER_INVOICE,
  type AddCommentBody,
  can,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { conflict, forbidden } from '../../lib/errors.ts';
import { recordComments } from '../../core/records/comments.ts';
import { assertOpen, invoiceKind, type Actor } from '../../core/orders/invoice-access.ts';
import { tellComment } from '../../core/orders/invoice-notices.ts';

const c = schema.invoiceComments;

/** Internal (3) and System (4) comments are for admins only (the named rule). */
const mayUse = (actor: Actor, type: number) => can.orderCommentType(actor, type);

// An order's comments are the record core's, under the order's rules: everyone on the order writes
// General and Technical ones, admins Internal too; nothing changes once the order is closed; at most
// MAX_COMMENTS_PER_INVOICE besides the System ones, which are the order's history and stay; a
// collaborator removes only their own.
const comments = recordComments(invoiceKind, {
  mayUse,
  whileLocked: assertOpen,
  async beforeAdd(tx, _row, id) {
    // Counted under the order's lock, so two writers cannot both take the last place.
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(c)
      .where(and(eq(c.invoiceId, id), ne(c.type, CommentType.System)))) as [{ n: number }];
    if (Number(n) >= MAX_COMMENTS_PER_INVOICE) throw conflict(invoiceMessages.tooManyComments);
  },
  async afterAdd(tx, row, comment, actor) {
    // A comment from the office that the technicians may read is news to them.
    if (can.actAsOffice(actor) && !adminOnlyOrderCommentTypes.includes(comment.type))
      await tellComment(tx, actor, row, comment.id, comment.comment);
  },
  beforeRemove(_row, comment, actor) {
    if (comment.type === CommentType.System) throw conflict(invoiceMessages.systemCommentLocked);
    if (!can.removeComment(actor, comment)) throw forbidden(invoiceMessages.commentNotYours);
  },
});

/** GET invoices/{id}/comments/type/{type}: oldest first; a type the actor may not read is a 403. */
export async function listComments(db: Db, actor: Actor, id: number, type: number) {
  if (!mayUse(actor, type)) throw forbidden();
  return comments.listComments(db, actor, id, type);
}

/** POST invoices/{id}/comments. */
export async function addComment(db: Db, actor: Actor, id: number, body: AddCommentBody) {
  if (!mayUse(actor, body.type)) throw forbidden();
  return comments.addComment(db, actor, id, body);
}

/** DELETE invoices/{id}/comments/{commentId}. */
export const removeComment = comments.removeComment;
