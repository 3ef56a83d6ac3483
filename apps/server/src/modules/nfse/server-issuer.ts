import { eq } from 'drizzle-orm';
import { nfseMessages, type Permission } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { conflict } from '../../lib/errors.ts';
import type { Actor } from '../../core/records/kind.ts';
import { provideNfseIssuer } from '../../core/orders/nfse-issuer.ts';
import { issueNfse } from './nfse-issue.service.ts';
import type { NfseContext } from './nfse.service.ts';

/** What the server may do when it issues by itself: see the order and issue its NFS-e, nothing else. */
const serverPermissions: ReadonlySet<Permission> = new Set<Permission>(['invoice.seeAll', 'nfse.issue']);

const serverActor = (organizationId: number): Actor => ({
  organizationId,
  // No user issued it; the columns that name one are left empty.
  userId: null as unknown as number,
  permissions: serverPermissions,
  name: 'Sistema',
});

/**
 * Lets other features (a contract's period) issue an order's NFS-e the way 'Emitir NFS-e' does, while
 * this app runs: only for organizations with the NFS-e turned on. Returns what stops providing it.
 */
export function provideServerIssuer(ctx: NfseContext): () => void {
  return provideNfseIssuer(ctx.db, async (organizationId, invoiceId) => {
    const [org] = await ctx.db
      .select({ features: schema.organizations.features })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, organizationId));
    if (!org?.features.nfse) throw conflict(nfseMessages.notConfigured);
    await issueNfse(ctx, serverActor(organizationId), invoiceId);
  });
}
