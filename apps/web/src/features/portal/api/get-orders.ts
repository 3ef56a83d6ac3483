import type { PortalOrder } from '@ordem-certa/contracts';
import { portalList } from './portal-list.ts';

/** GET /api/portal/orders?open=: the open (or past) orders. */
export const ordersQuery = (open: boolean) => portalList<PortalOrder>('orders', '/portal/orders', { open });
