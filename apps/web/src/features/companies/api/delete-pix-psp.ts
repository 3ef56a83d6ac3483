import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { pixPspQueryKey } from './get-pix-psp.ts';

/** DELETE companies/{id}/pix-psp. */
export const useDeletePixPsp = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`${orgPath}/companies/${id}/pix-psp`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pixPspQueryKey(orgPath, id), exact: true }),
  });
};
