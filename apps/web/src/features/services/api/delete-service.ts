import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** Retires the service: it leaves the list and the pickers; lines that used it keep their name and price. */
export const deleteService = (orgPath: string, id: number) => api.delete(`${orgPath}/services/${id}`);

export function useDeleteService() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteService(orgPath, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['services'] }),
  });
}
