import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromCents, paymentMessages } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { startIntervalJob, type Job } from '../../lib/interval-job.ts';
import { notifyHolders } from '../../core/notify/notify.ts';

/** Instalments handled per transaction; the next round takes the rest. */
const BATCH = 100;

/**
 * Tells who sees payments, once, of each instalment that fell due and was not received: the day after its due
 * date in the organization's time zone. The instalments are claimed with FOR UPDATE SKIP LOCKED and
 * stamped `overdue_notified_at` in the transaction that writes the notifications, so another instance
 * passes over them and a server that dies mid-tick leaves them for the next one; the notifications'
 * unique (user, source_key) would refuse a second one anyway. An instalment received later, or reopened
 * when its payment is deleted, is not told again. Returns how many instalments it handled.
 */
export async function notifyOverdueReceivables(db: Db, opts: { batch?: number } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{
      id: number;
      organizationId: number;
      invoiceId: number;
      number: number;
      customer: string;
      amountCents: string;
      installmentNumber: number;
      installmentCount: number;
    }>(
      tx,
      sql`
      SELECT r.id, r.organization_id AS "organizationId", r.invoice_id AS "invoiceId", i.number, c.name AS customer,
             r.amount_cents AS "amountCents", r.installment_number AS "installmentNumber",
             r.installment_count AS "installmentCount"
        FROM receivables r
        JOIN organizations o ON o.id = r.organization_id
        JOIN invoices i ON i.id = r.invoice_id
        JOIN customers c ON c.id = i.customer_id
       WHERE r.payment_id IS NULL AND r.overdue_notified_at IS NULL
         -- A bound the unnotified index can use (a zone is less than a day off), then the organization's own day.
         AND r.due_date < current_date + 1
         AND r.due_date < (now() AT TIME ZONE o.time_zone)::date
       ORDER BY r.due_date, r.id
       LIMIT ${opts.batch ?? BATCH}
         FOR UPDATE OF r SKIP LOCKED`,
    );
    if (!due.length) return 0;
    for (const x of due)
      await notifyHolders(tx, 'payment.see', {
        organizationId: x.organizationId,
        sourceKey: `receivable-overdue:${x.id}`,
        title: paymentMessages.overdueTitle,
        description: paymentMessages.overdueDescription({
          number: x.installmentNumber,
          count: x.installmentCount,
          invoiceNumber: x.number,
          customer: x.customer,
          amountReais: fromCents(Number(x.amountCents)),
        }),
        url: `/invoices/${x.invoiceId}/edit`,
      });
    await tx
      .update(schema.receivables)
      .set({ overdueNotifiedAt: new Date() })
      .where(
        inArray(
          schema.receivables.id,
          due.map((x) => Number(x.id)),
        ),
      );
    return due.length;
  });
}

/** Runs notifyOverdueReceivables every `intervalMs` inside the server until stopped. */
export function startReceivableJob(db: Db, log: FastifyBaseLogger, intervalMs: number): Job {
  return startIntervalJob(log, 'overdue receivables job', intervalMs, async () => {
    return (await notifyOverdueReceivables(db)) >= BATCH;
  });
}
