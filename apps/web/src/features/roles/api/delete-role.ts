import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const deleteRole = (orgPath: string, id: number) => api.delete(`${orgPath}/roles/${id}`);

export function useDeleteRole(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRole(orgPath, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
