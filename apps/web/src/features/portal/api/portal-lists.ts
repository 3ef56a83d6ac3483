import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ListResult,
  PortalEquipment,
  PortalEstimate,
  PortalNfse,
  PortalOrder,
  PortalPmocPlan,
  PortalReceivable,
  ServiceRequest,
} from '@ordem-certa/contracts';
import { portalApi } from './portal-client.ts';

// The portal's lists, one GET each (the customer's own records; the server filters by the session).

const list = <T>(key: string, path: string, query: Record<string, unknown> = {}) =>
  queryOptions({
    queryKey: ['portal', key, query],
    queryFn: () => portalApi.get<ListResult<T>>(path, { take: 50, ...query }),
  });

export const ordersQuery = (open: boolean) => list<PortalOrder>('orders', '/portal/orders', { open });
export const estimatesQuery = () => list<PortalEstimate>('estimates', '/portal/estimates');
export const equipmentsQuery = () => list<PortalEquipment>('equipments', '/portal/equipments');
export const receivablesQuery = () => list<PortalReceivable>('receivables', '/portal/receivables');
export const nfseQuery = () => list<PortalNfse>('nfse', '/portal/nfse');
export const pmocQuery = () => list<PortalPmocPlan>('pmoc', '/portal/pmoc');
export const requestsQuery = () => list<ServiceRequest>('service-requests', '/portal/service-requests');

export const usePortalList = <T>(options: ReturnType<typeof list<T>>) => useQuery(options);
