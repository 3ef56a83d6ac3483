import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Expense } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshExpenses } from './expense-keys.ts';

/** POST expenses/{id}/pay {paidAt}. */
export const payExpense = (orgPath: string, id: number, paidAt: string) =>
  api.post<Expense>(`${orgPath}/expenses/${id}/pay`, { paidAt });

export function usePayExpense() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paidAt }: { id: number; paidAt: string }) => payExpense(orgPath, id, paidAt),
    onSuccess: () => refreshExpenses(queryClient, orgPath),
  });
}
