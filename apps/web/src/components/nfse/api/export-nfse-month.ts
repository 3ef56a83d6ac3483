import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { saveFile } from '../../../lib/save-file.ts';

/** GET nfse/export?month=YYYY-MM: the month's NFS-e XML (and cancellations) as a ZIP for the accountant. */
export const exportNfseMonth = (orgPath: string, month: string) =>
  api.get<DownloadedFile>(`${orgPath}/nfse/export`, { month }, { file: true });

export function useExportNfseMonth() {
  const orgPath = useOrgPath();
  return useMutation({
    mutationFn: (month: string) => exportNfseMonth(orgPath, month),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
