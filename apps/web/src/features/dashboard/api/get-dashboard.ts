import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** GET dashboard: the month's figures against the last month's. */
export const getDashboard = (orgPath: string) => api.get<DashboardResponse>(`${orgPath}/dashboard`);

export const dashboardQueryOptions = (orgPath: string) =>
  queryOptions({ queryKey: ['dashboard'], queryFn: () => getDashboard(orgPath), staleTime: 60_000 });

export const useDashboard = () => useQuery(dashboardQueryOptions(useOrgPath()));
