import type { ServiceRequest } from '@ordem-certa/contracts';
import { portalList } from './portal-list.ts';

/** GET /api/portal/service-requests: the requests and their status. */
export const requestsQuery = () => portalList<ServiceRequest>('service-requests', '/portal/service-requests');
