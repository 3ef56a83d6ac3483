import { useMutation } from '@tanstack/react-query';
import type { NfseListQuery } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { saveFile } from '../../../lib/save-file.ts';

type Filters = Omit<NfseListQuery, 'skip' | 'take'>;

/** GET nfse/csv with the screen's filters. */
export const exportNfseCsv = (orgPath: string, query: Filters) => api.getFile(`${orgPath}/nfse/csv`, query);

export function useExportNfseCsv() {
  const orgPath = useOrgPath();
  return useMutation({
    mutationFn: (query: Filters) => exportNfseCsv(orgPath, query),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
