import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportQueue } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** GET import/queue: the organization's imports running and waiting (one runs at a time). */
export const getImportQueue = (orgPath: string) =>
  api.get<ImportQueue>(`${orgPath}/import/queue`, undefined, { quiet: true, noRetryPrompt: true });

/** Asked every second and a half while `watching` (an import of this page is under way). */
export const importQueueQueryOptions = (orgPath: string, watching: boolean) =>
  queryOptions({
    queryKey: ['imports', orgPath, 'queue'],
    queryFn: () => getImportQueue(orgPath),
    enabled: watching,
    refetchInterval: watching ? 1500 : false,
    gcTime: 0,
  });

export const useImportQueue = (watching: boolean) => useQuery(importQueueQueryOptions(useOrgPath(), watching));
