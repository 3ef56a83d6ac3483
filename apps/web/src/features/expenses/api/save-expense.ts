import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Expense, ExpenseBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshExpenses } from './expense-keys.ts';

/**
 * POST expenses (no id) or PUT expenses/{id}, then the attachment chosen with it (POST
 * expenses/{id}/attachment); the lists are read again after, also when the file was refused.
 */
export async function saveExpense(orgPath: string, id: number | undefined, body: ExpenseBody, file?: File | null) {
  const saved = id
    ? await api.put<Expense>(`${orgPath}/expenses/${id}`, body)
    : await api.post<Expense>(`${orgPath}/expenses`, body);
  if (!file) return saved;
  const form = new FormData();
  form.append('file', file);
  try {
    return await api.postForm<Expense>(`${orgPath}/expenses/${saved.id}/attachment`, form);
  } catch (err) {
    throw Object.assign(err as Error, { saved });
  }
}

export function useSaveExpense() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, file }: { id?: number; body: ExpenseBody; file?: File | null }) =>
      saveExpense(orgPath, id, body, file),
    onSettled: () => refreshExpenses(queryClient, orgPath),
  });
}
