import { useMutation } from '@tanstack/react-query';
import type { ReceivablesQuery } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { saveFile } from '../../../lib/save-file.ts';

/** GET receivables/csv with the screen's filters: every matching instalment, as the reports' CSV. */
export const exportReceivablesCsv = (orgPath: string, query: Omit<ReceivablesQuery, 'skip' | 'take'>) =>
  api.getFile(`${orgPath}/receivables/csv`, query);

export function useExportReceivablesCsv() {
  const orgPath = useOrgPath();
  return useMutation({
    mutationFn: (query: Omit<ReceivablesQuery, 'skip' | 'take'>) => exportReceivablesCsv(orgPath, query),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
