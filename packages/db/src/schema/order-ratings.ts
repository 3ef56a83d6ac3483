import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sameOrganizationAs } from './tenancy.ts';
import { organizationColumn, stampColumns } from './record-columns.ts';
import { invoices } from './invoices.ts';

/**
 * The customer's rating of a completed order: 0 to 10 (would they recommend the company) and a comment.
 * Asked once per order (the row is made with its link's random token when the order is completed);
 * `score` and `answeredAt` are set together on the first answer, which may be changed for seven days.
 */
export const orderRatings = pgTable(
  'order_ratings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationColumn(),
    invoiceId: integer('invoice_id').notNull(),
    token: text('token').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    score: smallint('score'),
    comment: text('comment'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    ...stampColumns(),
  },
  (t) => [
    sameOrganizationAs('order_ratings_invoice_fkey', t, t.invoiceId, invoices).onDelete('cascade'),
    uniqueIndex('order_ratings_invoice_key').on(t.organizationId, t.invoiceId),
    uniqueIndex('order_ratings_token_key').on(t.token),
    index('order_ratings_answered_idx')
      .on(t.organizationId, t.answeredAt)
      .where(sql`${t.answeredAt} IS NOT NULL`),
    check('order_ratings_score_check', sql`${t.score} IS NULL OR ${t.score} BETWEEN 0 AND 10`),
    check('order_ratings_answer_check', sql`(${t.score} IS NULL) = (${t.answeredAt} IS NULL)`),
    check('order_ratings_comment_check', sql`${t.comment} IS NULL OR length(${t.comment}) <= 1000`),
  ],
);
