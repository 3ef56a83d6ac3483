import { sql } from 'drizzle-orm';
import { queryRows } from '../../lib/sql.ts';
import { registerWebhook, type PixContext } from './pix-psp.service.ts';

// A company's PIX key can change after its connection was saved (the key is edited on the company's own
// tab), and the server can come to run under another address (APP_URL): the webhook is then registered
// again, on the new key with the current address. The companies whose key or address differs from the one
// last registered are claimed (FOR UPDATE SKIP LOCKED, the new key and address written as the ones tried)
// so that of several instances one registers each; a failure stays on the connection until it is saved
// again.

const BATCH = 10;

/** Registers the webhook again for every connected company whose key or address changed; answers how many. */
export async function followWebhookKeys(ctx: PixContext): Promise<number> {
  const appUrl = ctx.config.appUrl ?? null;
  const due = await queryRows<{ organization_id: number; company_id: number; former: string }>(
    ctx.db,
    sql`
    WITH due AS (
      SELECT p.organization_id, p.company_id, c.pix_key, p.webhook_chave AS former
        FROM company_pix_psp p
        JOIN companies c ON c.organization_id = p.organization_id AND c.id = p.company_id
       WHERE p.base_url IS NOT NULL AND c.pix_key IS NOT NULL AND p.webhook_chave IS NOT NULL
         AND (p.webhook_chave IS DISTINCT FROM c.pix_key
              ${appUrl ? sql`OR p.webhook_app_url IS DISTINCT FROM ${appUrl}` : sql``})
       LIMIT ${BATCH}
         FOR UPDATE OF p SKIP LOCKED)
    UPDATE company_pix_psp p SET webhook_status = 'pending', webhook_chave = due.pix_key,
           webhook_app_url = ${appUrl ? sql`${appUrl}` : sql`p.webhook_app_url`}
      FROM due WHERE p.organization_id = due.organization_id AND p.company_id = due.company_id
    RETURNING p.organization_id, p.company_id, due.former`,
  );
  for (const c of due) await registerWebhook(ctx, c.organization_id, c.company_id, undefined, c.former);
  return due.length;
}
