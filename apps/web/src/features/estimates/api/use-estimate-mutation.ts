import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrgPath } from '../../../lib/auth.tsx';
import { estimatePath, refreshEstimate } from './estimate-keys.ts';

/** A write on one estimate: the call gets the estimate's API path, and the estimate is refreshed after. */
export function useEstimateMutation<V, R = unknown>(id: number, call: (path: string, vars: V) => Promise<R>) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => call(estimatePath(orgPath, id), vars),
    onSettled: () => refreshEstimate(queryClient, orgPath, id),
  });
}

/** A read of one estimate's sub-resource, under the estimate's key. */
export const estimateSubKey = (orgPath: string, id: number, name: string) => ['estimate', orgPath, id, name] as const;
