import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { removalBody } from './charge-bodies.ts';
import { PspError, type Cob, type PspClient } from './psp-client.ts';
import type { PixContext } from './pix-psp.service.ts';

// What the charge job keeps of the PSP's answers, and the withdrawal both kinds of charge share.

const ch = schema.pixCharges;
export type ChargeRow = typeof ch.$inferSelect;

/** The columns a charge's row takes from the PSP's answer. */
export const stored = (c: Cob) => ({
  status: c.status,
  location: c.location ?? c.loc?.location ?? null,
  pixCopiaECola: c.pixCopiaECola ?? null,
  lastError: null,
  updatedAt: new Date(),
});

/** A charge the PSP no longer has as active (paid, expired, removed by it): nothing to withdraw. */
export function alreadyGone(err: unknown): null {
  if (err instanceof PspError && !err.retryable) return null;
  throw err;
}

/**
 * Withdraws an open charge: an active one at the PSP (PATCH status REMOVIDA_PELO_USUARIO_RECEBEDOR; one
 * the PSP no longer has as active is kept as removed by it), one still being made only here.
 */
export async function withdraw(ctx: PixContext, client: PspClient, open: ChargeRow) {
  if (open.status === 'ATIVA') {
    const removed = await client.patchCob(open.kind, open.txid, removalBody()).catch(alreadyGone);
    await ctx.db
      .update(ch)
      .set(removed ? stored(removed) : { status: 'REMOVIDA_PELO_PSP', updatedAt: new Date() })
      .where(eq(ch.id, open.id));
  } else {
    await ctx.db
      .update(ch)
      .set({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', updatedAt: new Date() })
      .where(eq(ch.id, open.id));
  }
}

/**
 * A charge the PSP refused to make: kept as removed with the PSP's reason (not asked again until the
 * order changes). Anything else (the PSP could not be asked) is thrown for the job to retry.
 */
export async function refusedOrThrow(ctx: PixContext, charge: ChargeRow, err: unknown) {
  if (!(err instanceof PspError) || err.retryable) throw err;
  await ctx.db
    .update(ch)
    .set({ status: 'REMOVIDA_PELO_PSP', lastError: err.message, updatedAt: new Date() })
    .where(eq(ch.id, charge.id));
  ctx.log.warn({ invoiceId: charge.invoiceId, txid: charge.txid, error: err.message }, 'Pix charge refused by the PSP');
}
