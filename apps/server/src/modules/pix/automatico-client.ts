import { companyPsp, type PixContext } from './pix-psp.service.ts';
import { pspClient, type PspClient } from './psp-client.ts';

/** Some work with the company's API Pix client (null when it has no PSP connected), closed after. */
export async function withClient<T>(
  ctx: PixContext,
  organizationId: number,
  companyId: number,
  work: (c: PspClient) => Promise<T>,
  retries = 1,
) {
  const psp = await companyPsp(ctx, organizationId, companyId);
  if (!psp) return null;
  const client = pspClient(psp.connection, { timeoutMs: 10_000, retries });
  try {
    return await work(client);
  } finally {
    client.close();
  }
}
