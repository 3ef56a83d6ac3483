import type { PortalEstimate } from '@ordem-certa/contracts';
import { portalList } from './portal-list.ts';

/** GET /api/portal/estimates: the estimates sent. */
export const estimatesQuery = () => portalList<PortalEstimate>('estimates', '/portal/estimates');
