import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  DETRACTOR_MAX,
  RATING_EDIT_DAYS,
  ratingMessages,
  ratingPath,
  type PublicRating,
  type RatingAnswerBody,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict, notFound } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { ensureRating } from '../../core/orders/ratings.ts';
import { queueOrderEmail } from '../../core/records/queued-emails.ts';
import { notifyHolders } from '../../core/notify/notify.ts';

// The customer's rating of a completed order: asked by e-mail when the order is completed (WhatsApp
// asks too, through its own template), answered on a public page from the link's token, 0 to 10 and a
// comment, changeable for RATING_EDIT_DAYS days after the first answer. A detractor's score tells the
// owner at once.

const r = schema.orderRatings;
const i = schema.invoices;
const cu = schema.customers;
const co = schema.companies;
const o = schema.organizations;
const DAY_MS = 86_400_000;

/** On the order's completion, in its transaction: the request made, and the e-mail queued the first time. */
export async function askByEmail(tx: Tx, scope: { organizationId: number; appUrl: string }, invoiceId: number) {
  const rating = await ensureRating(tx, scope.organizationId, invoiceId);
  if (!rating.askNow) return;
  const [order] = await tx
    .select({ number: i.number, customer: cu.name, email: cu.email, company: co.name })
    .from(i)
    .innerJoin(cu, and(eq(cu.id, i.customerId), eq(cu.organizationId, i.organizationId)))
    .innerJoin(co, and(eq(co.id, i.companyId), eq(co.organizationId, i.organizationId)))
    .where(and(eq(i.id, invoiceId), eq(i.organizationId, scope.organizationId)));
  const to = order?.email?.trim();
  if (!order || !to) return;
  const link = `${scope.appUrl}${ratingPath(invoiceId, rating.token)}`;
  const question = escapeHtml(ratingMessages.question(order.company));
  const scores = Array.from(
    { length: 11 },
    (_, n) =>
      `<a href="${escapeHtml(`${link}&score=${n}`)}" style="display:inline-block;min-width:28px;padding:6px 0;margin:2px;text-align:center;border:1px solid #adb5bd;border-radius:4px;text-decoration:none;color:#212529">${n}</a>`,
  ).join('');
  const html = [
    `<p>Olá, ${escapeHtml(order.customer)}.</p>`,
    `<p>O serviço da ordem nº ${order.number} foi concluído. ${question}</p>`,
    `<p>${scores}</p>`,
    `<p>Ou abra <a href="${escapeHtml(link)}">${escapeHtml(link)}</a> para dar a nota e deixar um comentário.</p>`,
    `<p>Obrigado,<br>${escapeHtml(order.company)}</p>`,
  ].join('');
  await queueOrderEmail(tx, {
    organizationId: scope.organizationId,
    invoiceId,
    to,
    subject: ratingMessages.emailSubject(order.company, order.number),
    html,
  });
}

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The order's rating row from its link, or 404 (wrong id or token alike). */
async function byLink(db: Db | Tx, invoiceId: number, token: string | undefined, lock = false) {
  if (!token) throw notFound(ratingMessages.linkInvalid);
  const q = db
    .select({ rating: r, number: i.number, company: co.name, timeZone: o.timeZone, customer: cu.name })
    .from(r)
    .innerJoin(i, and(eq(i.id, r.invoiceId), eq(i.organizationId, r.organizationId)))
    .innerJoin(co, and(eq(co.id, i.companyId), eq(co.organizationId, i.organizationId)))
    .innerJoin(cu, and(eq(cu.id, i.customerId), eq(cu.organizationId, i.organizationId)))
    .innerJoin(o, eq(o.id, r.organizationId))
    .where(and(eq(r.invoiceId, invoiceId), eq(r.token, token)));
  const [row] = lock ? await q.for('update', { of: r }) : await q;
  if (!row || !sameToken(row.rating.token, token)) throw notFound(ratingMessages.linkInvalid);
  return row;
}

const editableUntil = (answeredAt: Date | null) =>
  answeredAt ? new Date(answeredAt.getTime() + RATING_EDIT_DAYS * DAY_MS) : null;

function shown(row: Awaited<ReturnType<typeof byLink>>, now: Date): PublicRating {
  const until = editableUntil(row.rating.answeredAt);
  return {
    number: row.number,
    companyName: row.company,
    timeZone: row.timeZone,
    score: row.rating.score,
    comment: row.rating.comment,
    answeredAt: row.rating.answeredAt?.toISOString() ?? null,
    editableUntil: until?.toISOString() ?? null,
    canAnswer: !until || now < until,
  };
}

/** GET public/invoices/{id}/rating?token=: the order and the answer given so far. */
export async function getPublicRating(db: Db, invoiceId: number, token: string | undefined) {
  return shown(await byLink(db, invoiceId, token), new Date());
}

/**
 * PUT public/invoices/{id}/rating?token=: the answer, given or changed. The first answer's moment
 * stays (it is the month the answer counts in, and the seven days run from it); after them, 409. A
 * score that turns into a detractor's tells who manages the organization, once per rating.
 */
export async function answerRating(db: Db, invoiceId: number, token: string | undefined, body: RatingAnswerBody) {
  return db.transaction(async (tx) => {
    const row = await byLink(tx, invoiceId, token, true);
    const now = new Date();
    const until = editableUntil(row.rating.answeredAt);
    if (until && now >= until) throw conflict(ratingMessages.closed);
    const score = body.score;
    const comment = body.comment ?? null;
    const [saved] = await tx
      .update(r)
      .set({ score, comment, answeredAt: row.rating.answeredAt ?? now, updatedAt: now })
      .where(eq(r.id, row.rating.id))
      .returning();
    if (score <= DETRACTOR_MAX)
      await notifyHolders(tx, 'organization.manage', {
        organizationId: row.rating.organizationId,
        sourceKey: `rating-low:${row.rating.id}`,
        title: ratingMessages.lowTitle(score, row.number),
        description: ratingMessages.lowDescription(row.customer, comment),
        url: `/invoices/${invoiceId}/edit`,
      });
    return shown({ ...row, rating: saved! }, now);
  });
}
