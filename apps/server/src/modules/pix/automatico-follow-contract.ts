import { eq, sql } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { automaticoCalls, cobrWindow } from './automatico-bodies.ts';
import { withClient } from './automatico-client.ts';
import { fallBack } from './automatico-fallback.ts';
import { PspError } from './psp-client.ts';
import { pspFailure, type PixContext } from './pix-psp.service.ts';

// A recurring charge already at the PSP follows its contract. The API Pix 2.9.0 revises a recurring
// charge only to cancel it (PATCH /cobr/{txid} takes `status: CANCELADA` and nothing else), refused from
// the day of its first attempt on; a new charge for the same period may be sent once the other is
// cancelled (the specification refuses a second one in the cycle only while the first is not REJEITADA or
// CANCELADA), within the window before the due date. So, for a charge the contract's change marked (in
// the transaction of that change, by the database):
// - the contract active with another amount: cancelled and, still inside the window, withdrawn, so the
//   round writes the period's charge again with the contract's amount under a new txid; past the window,
//   the period falls back to its normal charge (of the new amount, once billed);
// - the contract suspended: cancelled and withdrawn, so the customer is never debited while it is
//   suspended; made active again in time, the period gets a new charge in the window;
// - the cancellation refused (the debit's day has come): the charge stays, and the period is billed at
//   the charge's amount (the contract's new amount counts from the next period);
// - an ended contract's charges are the cancellation's (automatico-cancel.ts).

const cobr = schema.contractPixRecurringCharges;
const BATCH = 50;

interface Marked {
  id: number;
  txid: string;
  status: string;
  amount_cents: number;
  period_date: string;
  organization_id: number;
  company_id: number;
  asked_at: string;
  done: boolean;
  contract_status: string;
  contract_amount: number;
  today: string;
}

/** The charges marked, with what their contract says now. */
const marked = (ctx: PixContext, now: Date) =>
  queryRows<Marked>(
    ctx.db,
    sql`SELECT c.id, c.txid, c.status, c.amount_cents::int AS amount_cents, to_char(c.period_date, 'YYYY-MM-DD') AS period_date,
               c.organization_id, c.company_id, c.revise_requested_at::text AS asked_at,
               (c.withdrawn_at IS NOT NULL OR c.fallback_at IS NOT NULL OR c.pix_received_id IS NOT NULL
                OR c.status NOT IN ('CRIADA', 'ATIVA')
                OR EXISTS (SELECT 1 FROM contract_periods p WHERE p.contract_id = c.contract_id AND p.period_date = c.period_date)) AS done,
               k.status AS contract_status, k.amount_cents::int AS contract_amount,
               to_char(${now.toISOString()}::timestamptz AT TIME ZONE o.time_zone, 'YYYY-MM-DD') AS today
          FROM contract_pix_recurring_charges c
          JOIN contracts k ON k.id = c.contract_id AND k.organization_id = c.organization_id
          JOIN organizations o ON o.id = c.organization_id
         WHERE c.revise_requested_at IS NOT NULL AND c.status <> 'creating'
         ORDER BY c.id LIMIT ${BATCH}`,
  );

/** The mark taken off (unless a newer change marked the charge again meanwhile), with what else is set. */
const unmark = (ctx: PixContext, m: Marked, set: Partial<typeof cobr.$inferInsert> = {}) =>
  ctx.db
    .update(cobr)
    .set({ ...set, reviseRequestedAt: null, updatedAt: new Date() })
    .where(sql`${cobr.id} = ${m.id} AND ${cobr.reviseRequestedAt} = ${m.asked_at}::timestamptz`);

/** One round: each marked charge brought in line with its contract (see above). */
export async function followContracts(ctx: PixContext, now = new Date()) {
  for (const m of await marked(ctx, now)) {
    const wanted = m.contract_status === 'ativo' ? m.contract_amount : null;
    if (m.done || m.contract_status === 'encerrado' || wanted === m.amount_cents) {
      await unmark(ctx, m);
      continue;
    }
    let cancelled: string | null = null;
    try {
      cancelled = await withClient(ctx, m.organization_id, m.company_id, async (client) => {
        const made = await automaticoCalls(client).cancelCobr(m.txid);
        return made.status ?? 'CANCELADA';
      });
    } catch (err) {
      if (err instanceof PspError && !err.retryable) {
        ctx.log.info(
          { chargeId: m.id, error: err.message },
          'Pix Automático charge kept: the PSP refused its cancellation',
        );
        await unmark(ctx, m, { lastError: err.message });
      } else ctx.log.warn({ chargeId: m.id, error: pspFailure(err) }, 'Pix Automático charge not revised; next round');
      continue;
    }
    if (cancelled === null) continue;
    const late = wanted !== null && m.today > cobrWindow(m.period_date).until;
    await ctx.db
      .update(cobr)
      .set({
        status: 'CANCELADA',
        reviseRequestedAt: null,
        ...(late ? {} : { withdrawnAt: new Date() }),
        updatedAt: new Date(),
      })
      .where(eq(cobr.id, m.id));
    ctx.log.info(
      { chargeId: m.id, period: m.period_date, contractStatus: m.contract_status, late },
      'Pix Automático charge cancelled after its contract changed',
    );
    if (late) await fallBack(ctx, m.id);
  }
}
