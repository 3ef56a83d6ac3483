import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshExpenses } from './expense-keys.ts';

/** DELETE expenses/{id} (its attachment goes with it). */
export const deleteExpense = (orgPath: string, id: number) => api.delete(`${orgPath}/expenses/${id}`);

export function useDeleteExpense() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteExpense(orgPath, id),
    onSuccess: () => refreshExpenses(queryClient, orgPath),
  });
}
