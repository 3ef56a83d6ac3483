import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { followAutomatico } from './automatico-job.ts';
import { companyPsp, hashWebhookToken, type PixContext } from './pix-psp.service.ts';
import { pspClient } from './psp-client.ts';

/**
 * A Pix Automático webhook (found by the company's token): the recurrences and recurring charges it
 * names, of that company only, are read again from the PSP and kept; its own words are never recorded.
 * A PSP that cannot be asked now leaves them to the reconciliation.
 */
export async function receiveAutomaticoWebhook(
  ctx: PixContext,
  token: string,
  only: { idRecs?: string[]; txids?: string[] },
) {
  const s = schema.companyPixPsp;
  const [hook] = await ctx.db
    .select({ organizationId: s.organizationId, companyId: s.companyId })
    .from(s)
    .where(eq(s.webhookTokenHash, hashWebhookToken(token)));
  if (!hook) return ctx.log.warn('Pix Automático webhook with an unknown token; ignored');
  const psp = await companyPsp(ctx, hook.organizationId, hook.companyId);
  if (!psp) return;
  const client = pspClient(psp.connection, { timeoutMs: 10_000, retries: 2 });
  try {
    await followAutomatico(
      ctx,
      client,
      hook,
      { idRecs: only.idRecs?.slice(0, 1000) ?? [], txids: only.txids?.slice(0, 1000) ?? [] },
      'webhook',
    );
  } finally {
    client.close();
  }
}
