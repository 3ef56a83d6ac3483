import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportKind, ImportMapping, ImportResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export interface ImportRequest {
  file: File;
  /** Column header → field ('' leaves the column out); headers not named are mapped by their name. */
  mapping?: ImportMapping;
  /** Only check and preview: nothing is written. */
  dryRun: boolean;
}

/** POST import/{kind}: the spreadsheet with its column mapping, as a check (dry run) or the import itself. */
export const runImport = (orgPath: string, kind: ImportKind, request: ImportRequest) => {
  const form = new FormData();
  if (request.mapping) form.append('mapping', JSON.stringify(request.mapping));
  form.append('dryRun', String(request.dryRun));
  form.append('file', request.file);
  return api.postForm<ImportResult>(`${orgPath}/import/${kind}`, form);
};

export function useRunImport(kind: ImportKind) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) => runImport(orgPath, kind, request),
    // The imported kind's lists ('customers', 'products', 'services' lead their query keys).
    onSuccess: (result) => (result.imported ? queryClient.invalidateQueries({ queryKey: [kind] }) : undefined),
  });
}
