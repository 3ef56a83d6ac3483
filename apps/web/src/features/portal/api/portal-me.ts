import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalMe } from '@ordem-certa/contracts';
import { portalApi } from './portal-client.ts';

/** GET /api/portal/me: the customer signed in and their company. */
export const portalMeQuery = queryOptions({
  queryKey: ['portal', 'me'],
  queryFn: () => portalApi.get<PortalMe>('/portal/me'),
  staleTime: 5 * 60_000,
});
export const usePortalMe = () => useQuery(portalMeQuery);
