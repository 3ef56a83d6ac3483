import { useMutation } from '@tanstack/react-query';
import type { ContractListQuery } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { saveFile } from '../../../lib/save-file.ts';

type Filters = Omit<ContractListQuery, 'skip' | 'take'>;

/** GET contracts/csv with the list's filters: every matching contract, as the reports' CSV. */
export const exportContractsCsv = (orgPath: string, query: Filters) => api.getFile(`${orgPath}/contracts/csv`, query);

export function useExportContractsCsv() {
  const orgPath = useOrgPath();
  return useMutation({
    mutationFn: (query: Filters) => exportContractsCsv(orgPath, query),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
