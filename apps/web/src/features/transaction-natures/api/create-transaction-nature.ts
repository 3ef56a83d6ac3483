import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransactionNature, TransactionNatureBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const createTransactionNature = (orgPath: string, body: TransactionNatureBody) =>
  api.post<TransactionNature>(`${orgPath}/transaction-natures`, body);

export function useCreateTransactionNature() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransactionNatureBody) => createTransactionNature(orgPath, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transaction-natures'] }),
  });
}
