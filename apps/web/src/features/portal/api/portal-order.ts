import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalOrderDetail } from '@ordem-certa/contracts';
import { portalApi } from './portal-client.ts';

/** GET /api/portal/orders/{id}: the order, its lines and the photos marked visible. */
export const portalOrderQuery = (id: number) =>
  queryOptions({
    queryKey: ['portal', 'order', id],
    queryFn: () => portalApi.get<PortalOrderDetail>(`/portal/orders/${id}`),
  });
export const usePortalOrder = (id: number) => useQuery(portalOrderQuery(id));
