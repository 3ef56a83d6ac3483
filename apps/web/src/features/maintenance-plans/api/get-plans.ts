import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResult, MaintenancePlanListItem } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { plansKey } from './plan-keys.ts';

export type PlansQuery = ListQuery & { ended?: boolean };

/** GET maintenance-plans {q, skip, take, ended}: the live plans by their next visit, or the ended ones. */
export const getPlans = (orgPath: string, query: PlansQuery) =>
  api.get<ListResult<MaintenancePlanListItem>>(`${orgPath}/maintenance-plans`, query);

export const plansQueryOptions = (orgPath: string, query: PlansQuery) =>
  queryOptions({
    queryKey: [...plansKey(orgPath), 'list', query],
    queryFn: () => getPlans(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const usePlans = (query: PlansQuery) => useQuery(plansQueryOptions(useOrgPath(), query));
