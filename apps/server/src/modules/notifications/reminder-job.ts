import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { startIntervalJob, type Job } from '../../lib/interval-job.ts';
import { notifyHolders } from '../../core/notify/notify.ts';

/** Reminders handled per transaction; the next tick takes the rest. */
const BATCH = 100;

interface DueReminder {
  id: number;
  organization_id: number;
  estimate_id: number;
  number: number;
  description: string;
  reminder_at: string | Date;
}

/**
 * Turns due estimate reminders (reminder_at passed, not processed) into notifications for the
 * organization's admins, in one transaction per batch: the rows are claimed with FOR UPDATE SKIP
 * LOCKED, so another server instance running the same job passes over them instead of notifying
 * twice, and the notifications and processed_at commit together, so a server that stops after
 * claiming leaves the rows unprocessed (the lock goes with its connection) for the next tick.
 * `afterClaim` lets a test stop a tick between claiming and writing. Returns how many it handled.
 */
export async function processDueReminders(
  db: Db,
  opts: { batch?: number; afterClaim?: (ids: number[]) => Promise<void> } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await queryRows<DueReminder>(
      tx,
      sql`
      SELECT r.id, r.organization_id, r.estimate_id, e.number, r.description, r.reminder_at
        FROM estimate_reminders r JOIN estimates e ON e.id = r.estimate_id
       WHERE r.processed_at IS NULL AND r.reminder_at <= now()
       ORDER BY r.reminder_at, r.id
       LIMIT ${opts.batch ?? BATCH}
         FOR UPDATE OF r SKIP LOCKED`,
    );
    if (!due.length) return 0;
    await opts.afterClaim?.(due.map((r) => r.id));
    for (const r of due) {
      const at = new Date(r.reminder_at);
      await notifyHolders(tx, 'estimate.see', {
        organizationId: r.organization_id,
        // A reminder moved to another time (processed_at cleared) is a new event.
        sourceKey: `estimate-reminder:${r.id}:${at.getTime()}`,
        title: `Lembrete do orçamento ${r.number}`,
        description: r.description,
        url: `/estimates/${r.estimate_id}/edit`,
        at,
      });
    }
    await tx.execute(
      sql`UPDATE estimate_reminders SET processed_at = now() WHERE id IN (${sql.join(
        due.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
    return due.length;
  });
}

/** Runs processDueReminders every `intervalMs` inside the server until stopped. */
export function startReminderJob(db: Db, log: FastifyBaseLogger, intervalMs: number): Job {
  return startIntervalJob(log, 'notification job', intervalMs, async () => (await processDueReminders(db)) >= BATCH);
}
