import { useMutation } from '@tanstack/react-query';
import type { ReportDataBody } from '@oficina/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const exportReportCsv = (orgPath: string, report: string, values: ReportDataBody) =>
  api.postFile(`${orgPath}/reports/${encodeURIComponent(report)}/csv`, values);

/** Saves the file under the name the server gave it (the report's title and time). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportReportCsv(report: string) {
  const orgPath = useOrgPath();
  return useMutation({
    mutationFn: (values: ReportDataBody) => exportReportCsv(orgPath, report, values),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
