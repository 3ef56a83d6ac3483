import type { PortalEquipment } from '@ordem-certa/contracts';
import { portalList } from './portal-list.ts';

/** GET /api/portal/equipments: the machines and their warranty. */
export const equipmentsQuery = () => portalList<PortalEquipment>('equipments', '/portal/equipments');
