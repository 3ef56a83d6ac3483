import { useMutation } from '@tanstack/react-query';
import type { ReportDataBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { saveFile } from '../../../lib/save-file.ts';

export const exportReportCsv = (orgPath: string, report: string, values: ReportDataBody) =>
  api.postFile(`${orgPath}/reports/${encodeURIComponent(report)}/csv`, values);

export function useExportReportCsv(report: string) {
  const orgPath = useOrgPath();
  return useMutation({
    mutationFn: (values: ReportDataBody) => exportReportCsv(orgPath, report, values),
    // Under the name the server gave it (the report's title and time).
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
