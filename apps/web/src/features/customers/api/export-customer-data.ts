import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { saveFile } from '../../../lib/save-file.ts';

/** GET customers/{id}/export (admin): the customer's data as a ZIP (LGPD), saved as the server names it. */
export const exportCustomerData = (orgPath: string, id: number) =>
  api.get<DownloadedFile>(`${orgPath}/customers/${id}/export`, undefined, { file: true });

export function useExportCustomerData(id: number) {
  const orgPath = useOrgPath();
  return useMutation({
    mutationFn: () => exportCustomerData(orgPath, id),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
