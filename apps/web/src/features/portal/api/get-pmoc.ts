import type { PortalPmocPlan } from '@ordem-certa/contracts';
import { portalList } from './portal-list.ts';

/** GET /api/portal/pmoc: the maintenance plans and their years. */
export const pmocQuery = () => portalList<PortalPmocPlan>('pmoc', '/portal/pmoc');
