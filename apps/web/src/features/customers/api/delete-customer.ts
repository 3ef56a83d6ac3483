import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const deleteCustomer = (orgPath: string, id: number) => api.delete(`${orgPath}/customers/${id}`);

export const useDeleteCustomer = () => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCustomer(orgPath, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers', orgPath, 'list'] }),
  });
};
