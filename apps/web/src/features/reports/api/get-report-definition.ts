import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportDefinition } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getReportDefinition = (orgPath: string, report: string) =>
  api.get<ReportDefinition>(`${orgPath}/reports/${encodeURIComponent(report)}/filters`);

export const reportDefinitionQueryOptions = (orgPath: string, report: string) =>
  queryOptions({ queryKey: ['reports', 'definition', report], queryFn: () => getReportDefinition(orgPath, report) });

export const useReportDefinition = (report: string) => useQuery(reportDefinitionQueryOptions(useOrgPath(), report));
