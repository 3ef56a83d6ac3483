import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportSummary } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getReports = (orgPath: string) => api.get<{ data: ReportSummary[] }>(`${orgPath}/reports`);

export const reportsQueryOptions = (orgPath: string) =>
  queryOptions({ queryKey: ['reports', 'list'], queryFn: () => getReports(orgPath), staleTime: 5 * 60_000 });

export const useReports = () => useQuery(reportsQueryOptions(useOrgPath()));
