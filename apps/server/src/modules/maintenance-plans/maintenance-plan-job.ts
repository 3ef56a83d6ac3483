import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, MAX_LEAD_DAYS } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { startIntervalJob, type Job } from '../../lib/interval-job.ts';
import { makeVisitsUntil } from './plan-visits.service.ts';
import { planVisitsHeld } from '../../core/orders/visit-holds.ts';

/** Plans handled per transaction; the next round takes the rest. */
const BATCH = 20;

/**
 * Makes the orders of the maintenance plans' visits that come due — a visit's order is made `lead_days`
 * before its date, in the organization's time zone — in one transaction per batch of plans. The plans
 * are claimed with FOR UPDATE SKIP LOCKED, so another server instance running the same job passes over
 * them instead of making the same orders, and each plan's orders and its next visit commit together; the
 * unique (plan, date) index on orders refuses a second order for a visit whatever else happens. A plan
 * that fails (its orders' total past the maximum, say) is rolled back alone, logged, and tried again on
 * the next tick. A plan whose contract holds its visits (a charge late past the contract's days) waits
 * until the charge is received. `afterClaim` lets a test hold a tick between claiming and writing. Returns how many
 * plans it claimed and how many of them failed.
 */
export async function processDuePlans(
  db: Db,
  opts: { batch?: number; log?: FastifyBaseLogger; afterClaim?: (ids: number[]) => Promise<void> } = {},
): Promise<{ claimed: number; failed: number }> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{ id: number; today: string }>(
      tx,
      sql`
      SELECT p.id, to_char(now() AT TIME ZONE o.time_zone, 'YYYY-MM-DD') AS today
        FROM maintenance_plans p JOIN organizations o ON o.id = p.organization_id
       WHERE p.ended_at IS NULL
         -- A bound the due index can use (lead days are at most MAX_LEAD_DAYS; a zone is less than a day
         -- off), then each plan's own day in its organization's zone.
         AND p.next_date <= current_date + ${MAX_LEAD_DAYS + 1}::int
         AND p.next_date <= (now() AT TIME ZONE o.time_zone)::date + p.lead_days
         -- A contract late past its days holds the plan's visits until its charge is received.
         AND NOT ${planVisitsHeld(sql`p.id`, sql`(now() AT TIME ZONE o.time_zone)::date`)}
       ORDER BY p.next_date, p.id
       LIMIT ${opts.batch ?? BATCH}
         FOR UPDATE OF p SKIP LOCKED`,
    );
    if (!due.length) return { claimed: 0, failed: 0 };
    await opts.afterClaim?.(due.map((r) => Number(r.id)));
    let failed = 0;
    for (const { id, today } of due) {
      try {
        // A savepoint per plan: one plan's failure leaves the others' orders in.
        await tx.transaction(async (sp) => {
          const [plan] = await sp
            .select()
            .from(schema.maintenancePlans)
            .where(sql`${schema.maintenancePlans.id} = ${id}`);
          await makeVisitsUntil(
            sp,
            { organizationId: plan!.organizationId, userId: null },
            plan!,
            addDays(today, plan!.leadDays),
          );
        });
      } catch (err) {
        failed++;
        opts.log?.error({ err, maintenancePlanId: Number(id) }, 'maintenance plan job: could not make the orders');
      }
    }
    return { claimed: due.length, failed };
  });
}

/** Runs processDuePlans every `intervalMs` inside the server until stopped. */
export function startMaintenancePlanJob(db: Db, log: FastifyBaseLogger, intervalMs: number): Job {
  return startIntervalJob(log, 'maintenance plan job', intervalMs, async () => {
    const { claimed, failed } = await processDuePlans(db, { log });
    // A full batch without failures: there may be more; failures wait for the next tick.
    return claimed >= BATCH && failed === 0;
  });
}
