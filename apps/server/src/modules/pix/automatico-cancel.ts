import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { automaticoCalls } from './automatico-bodies.ts';
import { withClient } from './automatico-client.ts';
import { fallBack } from './automatico-fallback.ts';
import { PspError } from './psp-client.ts';
import { pspFailure, type PixContext } from './pix-psp.service.ts';

const rec = schema.contractPixRecurrences;
const cobr = schema.contractPixRecurringCharges;
const BATCH = 10;

/**
 * The cancellations asked ('Cancelar autorização'), and the recurrences of contracts ended: one never sent
 * is cancelled here; one at the PSP by PATCH /rec/{idRec}, and its recurring charges not yet settled by
 * PATCH /cobr/{txid} (refused once the debit's day has come: that one is then followed as any other), each
 * cancelled charge's period falling back to its normal charge.
 */
export async function carryOutCancels(ctx: PixContext) {
  const asked = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT r.id FROM contract_pix_recurrences r JOIN contracts k ON k.id = r.contract_id
         WHERE r.status IN ('queued', 'CRIADA', 'APROVADA') AND (r.cancel_requested_at IS NOT NULL OR k.status = 'encerrado')
           AND (r.lease_until IS NULL OR r.lease_until < now())
         ORDER BY r.id LIMIT ${BATCH}`,
  );
  for (const { id } of asked) {
    const [r] = await ctx.db.select().from(rec).where(eq(rec.id, id));
    if (!r) continue;
    if (!r.idRec) {
      await ctx.db
        .update(rec)
        .set({ status: 'CANCELADA', updatedAt: new Date() })
        .where(sql`${rec.id} = ${id} AND ${rec.idRec} IS NULL`);
      continue;
    }
    try {
      await withClient(ctx, r.organizationId, r.companyId, async (client) => {
        const calls = automaticoCalls(client);
        const done = await calls.cancelRec(r.idRec!);
        await ctx.db.update(rec).set({ status: done.status, updatedAt: new Date() }).where(eq(rec.id, id));
        const live = await ctx.db
          .select()
          .from(cobr)
          .where(
            and(
              eq(cobr.recurrenceId, id),
              sql`${cobr.fallbackAt} IS NULL AND ${cobr.pixReceivedId} IS NULL`,
              inArray(cobr.status, ['creating', 'CRIADA', 'ATIVA']),
            ),
          );
        for (const c of live) {
          const cancelled = c.status === 'creating' ? null : await calls.cancelCobr(c.txid).catch(refusedOrThrow);
          if (c.status !== 'creating' && !cancelled) continue;
          await ctx.db.update(cobr).set({ status: 'CANCELADA', updatedAt: new Date() }).where(eq(cobr.id, c.id));
          await fallBack(ctx, c.id);
        }
      });
    } catch (err) {
      if (err instanceof PspError && !err.retryable) {
        await ctx.db.update(rec).set({ lastError: err.message, cancelRequestedAt: null }).where(eq(rec.id, id));
      } else ctx.log.warn({ recurrenceId: id, error: pspFailure(err) }, 'Pix Automático not cancelled; next round');
    }
  }
}

/** A refusal (4xx) answers null; anything else is thrown for the next round. */
function refusedOrThrow(err: unknown): null {
  if (err instanceof PspError && !err.retryable) return null;
  throw err;
}
