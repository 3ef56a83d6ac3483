import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { InvoiceState, type WhatsAppEvent } from '@ordem-certa/contracts';
import { queryRows } from '../../lib/sql.ts';
import { startIntervalJob, type Job } from '../../lib/interval-job.ts';
import { whatsAppContext, type WhatsAppContext } from './connection.ts';
import { BATCH, sendDueMessages } from './sender.ts';
import { queueInstalment, queueVisitReminder, type Scope } from './template-data.ts';

// The WhatsApp job inside the server: every round the queued messages are sent; once a minute the
// messages that come due by the clock are queued — a visit's reminder the day before, an instalment
// three days before its due date and the day after it passed unpaid. Those go out between 8:00 and
// 21:00 in the organization's zone, once each (the outbox's dedupe key), and only where the
// organization sends, has the event on and the customer agreed.

/** How often the clock's events are looked for. */
const SCAN_EVERY_MS = 60_000;
const SCAN_LIMIT = 200;
/** Overdue instalments are told about while this many days late at most (not a backlog of years). */
const OVERDUE_DAYS = 3;

/** The organizations that send `event`, joined as `s` and `o` (its zone), at an hour fit for messages. */
const sending = (event: WhatsAppEvent, now: string, organizationId: SQL) => sql`
  JOIN whatsapp_settings s ON s.organization_id = ${organizationId} AND s.enabled AND s.access_token IS NOT NULL
       AND coalesce((s.events ->> ${event})::boolean, true)
  JOIN organizations o ON o.id = ${organizationId}
       AND extract(hour FROM ${now}::timestamptz AT TIME ZONE o.time_zone) BETWEEN 8 AND 20`;
const consented = (organizationId: SQL, customerId: SQL) => sql`
  (SELECT w.opt_in FROM whatsapp_consents w
    WHERE w.organization_id = ${organizationId} AND w.customer_id = ${customerId}
    ORDER BY w.id DESC LIMIT 1) IS TRUE`;
const today = (now: string) => sql`(${now}::timestamptz AT TIME ZONE o.time_zone)::date`;
const notQueued = (organizationId: SQL, key: SQL) => sql`
  NOT EXISTS (SELECT 1 FROM customer_messages m WHERE m.organization_id = ${organizationId} AND m.dedupe_key = ${key})`;

/** Queues what the clock brought due at `now`. Returns how many messages were queued. */
export async function queueDueByClock(ctx: WhatsAppContext, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const scope = (organizationId: number): Scope => ({ organizationId, appUrl: ctx.config.appUrl ?? '' });
  let queued = 0;
  const count = (q: { queued: number } | { skipped: string } | null) => {
    if (q && 'queued' in q) queued++;
  };

  const visits = await queryRows<{ id: number; organization_id: number }>(
    ctx.db,
    sql`SELECT i.id, i.organization_id FROM invoices i
        ${sending('visitReminder', at, sql`i.organization_id`)}
         WHERE i.scheduled_at IS NOT NULL AND i.state NOT IN (${InvoiceState.Completed}, ${InvoiceState.Canceled})
           AND i.scheduled_at > ${at}::timestamptz AND i.scheduled_at < ${at}::timestamptz + interval '2 days'
           AND (i.scheduled_at AT TIME ZONE o.time_zone)::date = ${today(at)} + 1
           AND ${consented(sql`i.organization_id`, sql`i.customer_id`)}
           AND ${notQueued(sql`i.organization_id`, sql`'visit-reminder:' || i.id || ':' || floor(extract(epoch FROM i.scheduled_at))::bigint`)}
         ORDER BY i.scheduled_at LIMIT ${SCAN_LIMIT}`,
  );
  for (const v of visits)
    count(await ctx.db.transaction((tx) => queueVisitReminder(tx, scope(v.organization_id), v.id)));

  for (const which of ['instalmentDue', 'instalmentOverdue'] as const) {
    const key = which === 'instalmentDue' ? 'instalment-due:' : 'instalment-overdue:';
    const due =
      which === 'instalmentDue'
        ? sql`r.due_date = ${today(at)} + 3`
        : sql`r.due_date BETWEEN ${today(at)} - ${OVERDUE_DAYS}::int AND ${today(at)} - 1`;
    const rows = await queryRows<{ id: number; organization_id: number }>(
      ctx.db,
      sql`SELECT r.id, r.organization_id FROM receivables r
            JOIN invoices i ON i.id = r.invoice_id
          ${sending(which, at, sql`r.organization_id`)}
           WHERE r.payment_id IS NULL AND ${due}
             AND ${consented(sql`r.organization_id`, sql`i.customer_id`)}
             AND ${notQueued(sql`r.organization_id`, sql`${key} || r.id || ':' || r.due_date`)}
           ORDER BY r.due_date, r.id LIMIT ${SCAN_LIMIT}`,
    );
    for (const r of rows)
      count(await ctx.db.transaction((tx) => queueInstalment(tx, scope(r.organization_id), r.id, which)));
  }
  return queued;
}

/** The job: sends every `intervalMs`, looks at the clock once a minute. */
export function startWhatsAppJob(app: FastifyInstance, intervalMs: number): Job {
  const ctx = whatsAppContext(app);
  let lastScan = 0;
  return startIntervalJob(app.log, 'WhatsApp job', intervalMs, async () => {
    if (Date.now() - lastScan > SCAN_EVERY_MS) {
      lastScan = Date.now();
      await queueDueByClock(ctx);
    }
    return (await sendDueMessages(ctx)) >= BATCH;
  });
}
