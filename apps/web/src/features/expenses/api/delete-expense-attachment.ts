import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshExpenses } from './expense-keys.ts';

/** DELETE expenses/{id}/attachment. */
export const deleteExpenseAttachment = (orgPath: string, id: number) =>
  api.delete(`${orgPath}/expenses/${id}/attachment`);

export function useDeleteExpenseAttachment() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteExpenseAttachment(orgPath, id),
    onSuccess: () => refreshExpenses(queryClient, orgPath),
  });
}
