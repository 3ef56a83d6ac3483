import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from '@ordem-certa/contracts';
import { portalApi } from './portal-client.ts';

/** A list of the portal (the customer's own records; the server filters by the session): its query. */
export const portalList = <T>(key: string, path: string, query: Record<string, unknown> = {}) =>
  queryOptions({
    queryKey: ['portal', key, query],
    queryFn: () => portalApi.get<ListResult<T>>(path, { take: 50, ...query }),
  });

/** `enabled` false: a section the organization turned off, never asked for. */
export const usePortalList = <T>(options: ReturnType<typeof portalList<T>>, enabled = true) =>
  useQuery({ ...options, enabled });
