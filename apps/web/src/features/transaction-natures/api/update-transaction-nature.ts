import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransactionNature, TransactionNatureBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const updateTransactionNature = (orgPath: string, id: number, body: TransactionNatureBody) =>
  api.put<TransactionNature>(`${orgPath}/transaction-natures/${id}`, body);

export function useUpdateTransactionNature(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransactionNatureBody) => updateTransactionNature(orgPath, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transaction-natures'] }),
  });
}
