import type { PortalReceivable } from '@ordem-certa/contracts';
import { portalList } from './portal-list.ts';

/** GET /api/portal/receivables: the instalments with their Pix codes. */
export const receivablesQuery = () => portalList<PortalReceivable>('receivables', '/portal/receivables');
