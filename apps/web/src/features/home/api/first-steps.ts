import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FirstSteps } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

const key = (orgPath: string) => ['first-steps', orgPath] as const;

/** GET first-steps: read again each time the home opens, as the steps are done elsewhere. */
export function useFirstSteps(enabled: boolean) {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: key(orgPath),
    queryFn: () => api.get<FirstSteps>(`${orgPath}/first-steps`),
    enabled,
  });
}

/** POST first-steps/dismiss. */
export function useDismissFirstSteps() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<FirstSteps>(`${orgPath}/first-steps/dismiss`),
    onSuccess: (answer) => queryClient.setQueryData(key(orgPath), answer),
  });
}
