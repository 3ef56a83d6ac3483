import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schema } from '@ordem-certa/db';
import { startIntervalJob, type Job } from '../../lib/interval-job.ts';
import { queryRows } from '../../lib/sql.ts';
import { pspClient } from './psp-client.ts';
import { companyPsp, pspFailure, type PixContext } from './pix-psp.service.ts';
import { recordPix } from './pix-received.service.ts';
import { followRefunds } from './pix-refunds.service.ts';
import { followAutomatico } from './automatico-job.ts';

// What no webhook brought: every connected company's PSP is read (GET /pix, all pages) from where the
// last reading stopped, a little before it so a Pix settled late is not missed, and each Pix recorded
// (once per endToEndId, whoever records it first). An instance holds a company while it reads it
// (a lease claimed with FOR UPDATE SKIP LOCKED), so several instances never read the same one.

const s = schema.companyPixPsp;
const BATCH = 5;
const LEASE_SECONDS = 300;
/** Each reading starts this long before the last one ended. */
const OVERLAP_MS = 10 * 60_000;
/** A company never read starts this long ago. */
const FIRST_READ_MS = 24 * 3600_000;

async function claim(ctx: PixContext) {
  return queryRows<{ organization_id: number; company_id: number; reconciled_until: string | null }>(
    ctx.db,
    sql`
    UPDATE company_pix_psp SET reconcile_lease_until = now() + ${LEASE_SECONDS} * interval '1 second'
     WHERE (organization_id, company_id) IN (
       SELECT organization_id, company_id FROM company_pix_psp
        WHERE base_url IS NOT NULL AND (reconcile_lease_until IS NULL OR reconcile_lease_until < now())
        ORDER BY reconciled_until NULLS FIRST
        LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED)
    RETURNING organization_id, company_id, reconciled_until`,
  );
}

/** One round over the connected companies; also marks expired charges and queues their orders again. */
export async function reconcilePix(ctx: PixContext, now = new Date()): Promise<number> {
  await ctx.db.execute(sql`
    WITH expired AS (
      UPDATE pix_charges SET status = 'EXPIRADA', updated_at = now()
       WHERE status = 'ATIVA' AND expires_at < ${now.toISOString()}::timestamptz
      RETURNING organization_id, invoice_id)
    INSERT INTO pix_charge_queue (invoice_id, organization_id) SELECT invoice_id, organization_id FROM expired
      ON CONFLICT (invoice_id) DO UPDATE SET seq = pix_charge_queue.seq + 1, next_attempt_at = now()`);
  const companies = await claim(ctx);
  for (const c of companies) {
    const done = (reconciledUntil?: Date) =>
      ctx.db
        .update(s)
        .set({ reconcileLeaseUntil: null, ...(reconciledUntil ? { reconciledUntil } : {}) })
        .where(and(eq(s.organizationId, c.organization_id), eq(s.companyId, c.company_id)));
    const psp = await companyPsp(ctx, c.organization_id, c.company_id);
    if (!psp) {
      await done();
      continue;
    }
    const from = c.reconciled_until
      ? new Date(new Date(c.reconciled_until).getTime() - OVERLAP_MS)
      : new Date(now.getTime() - FIRST_READ_MS);
    const client = pspClient(psp.connection, { timeoutMs: 15_000, retries: 2 });
    try {
      const received = await client.allPix(from, now);
      let recorded = 0;
      for (const pix of received) {
        if (
          await recordPix(ctx, {
            organizationId: c.organization_id,
            companyId: c.company_id,
            pix,
            source: 'reconciliation',
          })
        )
          recorded++;
      }
      await followRefunds(ctx, client, { organizationId: c.organization_id, companyId: c.company_id });
      await followAutomatico(ctx, client, { organizationId: c.organization_id, companyId: c.company_id });
      if (recorded)
        ctx.log.info({ companyId: c.company_id, recorded }, 'Pix reconciliation recorded what no webhook brought');
      await done(now);
    } catch (err) {
      ctx.log.warn(
        { companyId: c.company_id, error: pspFailure(err) },
        'Pix reconciliation failed; next round tries again',
      );
      await done();
    } finally {
      client.close();
    }
  }
  return companies.length;
}

/** The reconciliation inside the server, every `intervalMs` (PIX_RECONCILE_INTERVAL_MS). */
export function startPixReconcileJob(app: FastifyInstance, intervalMs: number): Job {
  const ctx: PixContext = { db: app.db, config: app.config, log: app.log };
  return startIntervalJob(app.log, 'Pix reconciliation', intervalMs, async () => (await reconcilePix(ctx)) >= BATCH);
}
