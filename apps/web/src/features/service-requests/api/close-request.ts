import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequest } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** POST service-requests/{id}/close: answered without a visit. */
export const useCloseRequest = () => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      api.post<ServiceRequest>(`${orgPath}/service-requests/${id}/close`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['service-requests'] }),
  });
};
