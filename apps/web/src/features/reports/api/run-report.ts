import { useMutation } from '@tanstack/react-query';
import type { ReportDataBody, ReportResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const runReport = (orgPath: string, report: string, values: ReportDataBody) =>
  api.post<ReportResult>(`${orgPath}/reports/${encodeURIComponent(report)}/data`, values);

/** 'Filtrar': a mutation, since each run is a fresh computation of the filters the user submitted. */
export function useRunReport(report: string) {
  const orgPath = useOrgPath();
  return useMutation({ mutationFn: (values: ReportDataBody) => runReport(orgPath, report, values) });
}
