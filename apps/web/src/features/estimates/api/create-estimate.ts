import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEstimateBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { estimatesQueryKey } from '../../../components/estimates/api/get-estimates.ts';

/** POST estimates: a Draft estimate with the next number; answers its id. */
export const createEstimate = (orgPath: string, body: CreateEstimateBody) =>
  api.post<{ id: number; number: number }>(`${orgPath}/estimates`, body);

export const useCreateEstimate = () => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEstimateBody) => createEstimate(orgPath, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: estimatesQueryKey }),
  });
};
