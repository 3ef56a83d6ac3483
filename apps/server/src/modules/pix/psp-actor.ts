import type { Permission } from '@ordem-certa/contracts';
import type { Actor } from '../../core/records/kind.ts';

/** What the PSP may do: record a payment on any order of the organization, nothing else. */
const pspPermissions: ReadonlySet<Permission> = new Set<Permission>(['invoice.seeAll', 'payment.record']);

/** The payments the PSP brings are recorded by no user: the trail and comments name the PSP. */
export const pspActor = (organizationId: number): Actor => ({
  organizationId,
  // No user made it; the columns that name one are left empty.
  userId: null as unknown as number,
  permissions: pspPermissions,
  name: 'Pix (PSP)',
});
