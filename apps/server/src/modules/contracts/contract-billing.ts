import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { nextContractPeriod, type MaintenanceFrequency } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { startIntervalJob, type Job } from '../../lib/interval-job.ts';
import { nfseIssuer } from '../../core/orders/nfse-issuer.ts';
import { sendQueuedOrderEmails } from '../../core/records/queued-emails.ts';
import { billPeriod } from './contract-charge.ts';
import { sendContractReminders } from './contract-reminders.ts';

/** Contracts handled per transaction; the next round takes the rest. */
const BATCH = 20;
/** NFS-e issued per round. */
const NFSE_BATCH = 5;

/**
 * Bills every period of the active contracts that is due by `now` — its billing day has come in the
 * organization's time zone — in one transaction per batch of contracts. The contracts are claimed with
 * FOR UPDATE SKIP LOCKED, so another instance running the same job passes over them, and each
 * contract's periods and its next billing date commit together; the unique (contract, period) key
 * refuses a second billing of a period whatever else happens (two instances, a restart mid-run). A
 * contract saved with its start in the past catches up, each period once. A contract that fails is
 * rolled back alone, logged, and tried on the next tick. `now` is the clock (tests move it).
 */
export async function billDueContracts(
  db: Db,
  opts: { now?: Date; batch?: number; log?: FastifyBaseLogger; afterClaim?: (ids: number[]) => Promise<void> } = {},
): Promise<{ claimed: number; billed: number; failed: number }> {
  const at = (opts.now ?? new Date()).toISOString();
  return db.transaction(async (tx) => {
    const due = await queryRows<{ id: number; today: string }>(
      tx,
      sql`
      SELECT k.id, to_char(${at}::timestamptz AT TIME ZONE o.time_zone, 'YYYY-MM-DD') AS today
        FROM contracts k JOIN organizations o ON o.id = k.organization_id
       WHERE k.status = 'ativo' AND k.next_billing_date IS NOT NULL
         -- A bound the due index can use (a zone is less than a day off), then each organization's own day.
         AND k.next_billing_date <= (${at}::timestamptz AT TIME ZONE 'UTC')::date + 1
         AND k.next_billing_date <= (${at}::timestamptz AT TIME ZONE o.time_zone)::date
       ORDER BY k.next_billing_date, k.id
       LIMIT ${opts.batch ?? BATCH}
         FOR UPDATE OF k SKIP LOCKED`,
    );
    if (!due.length) return { claimed: 0, billed: 0, failed: 0 };
    await opts.afterClaim?.(due.map((x) => Number(x.id)));
    let failed = 0;
    let billed = 0;
    for (const { id, today } of due) {
      try {
        // A savepoint per contract: one contract's failure leaves the others' periods in.
        billed += await tx.transaction(async (sp) => {
          const [c] = await sp
            .select()
            .from(schema.contracts)
            .where(sql`${schema.contracts.id} = ${id}`);
          const schedule = { ...c!, periodicity: c!.periodicity as MaintenanceFrequency };
          let n = 0;
          let date = c!.nextBillingDate;
          while (date !== null && date <= today) {
            if (await billPeriod(sp, c!, date)) n++;
            date = nextContractPeriod(schedule, date);
          }
          await sp
            .update(schema.contracts)
            .set({ nextBillingDate: date })
            .where(sql`${schema.contracts.id} = ${id}`);
          return n;
        });
      } catch (err) {
        failed++;
        opts.log?.error({ err, contractId: Number(id) }, 'contract job: could not bill the period');
      }
    }
    return { claimed: due.length, billed, failed };
  });
}

/**
 * Issues the NFS-e of the periods whose contract asks for it, through the NFS-e feature's issuer. Each
 * period is taken in a short statement (marked 'requested', so no other run takes it), then issued in
 * the issuer's own transaction; a refusal is kept on the period ('failed' and why) for the office,
 * which issues it from the order once the cause is fixed. Without the NFS-e feature running, the periods
 * wait. Answers how many were taken.
 */
export async function issuePendingNfse(db: Db, log?: FastifyBaseLogger): Promise<number> {
  const issue = nfseIssuer(db);
  if (!issue) return 0;
  const taken = await queryRows<{ id: number; organization_id: number; invoice_id: number }>(
    db,
    sql`
    UPDATE contract_periods SET nfse_status = 'requested'
     WHERE id IN (SELECT id FROM contract_periods
                   WHERE nfse_status = 'pending' AND invoice_id IS NOT NULL
                   ORDER BY id LIMIT ${NFSE_BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id, organization_id, invoice_id`,
  );
  for (const p of taken) {
    try {
      await issue(Number(p.organization_id), Number(p.invoice_id));
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      log?.warn({ contractPeriodId: Number(p.id), error }, 'contract job: NFS-e not issued');
      await db.execute(
        sql`UPDATE contract_periods SET nfse_status = 'failed', nfse_error = ${error.slice(0, 500)} WHERE id = ${p.id}`,
      );
    }
  }
  return taken.length;
}

/**
 * The contracts job inside the server: bills the periods due, issues their NFS-e, queues the reminders
 * and sends the queued charges' e-mails; a full batch runs the next round at once.
 */
export function startContractJob(app: FastifyInstance, intervalMs: number): Job {
  return startIntervalJob(app.log, 'contract job', intervalMs, async () => {
    const { claimed, failed } = await billDueContracts(app.db, { log: app.log });
    const nfse = await issuePendingNfse(app.db, app.log);
    const mail = { mailer: app.mailer, mailFrom: app.mailFrom };
    const reminded = await sendContractReminders(app.db, { log: app.log, mail });
    const mails = await sendQueuedOrderEmails(app.db, app.log, mail);
    return (claimed >= BATCH && failed === 0) || nfse >= NFSE_BATCH || reminded >= 50 || mails >= 20;
  });
}
