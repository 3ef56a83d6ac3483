import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

/** DELETE invoices/{id}/comments/{commentId}. */
export const removeComment = (orgPath: string, id: number, commentId: number) =>
  api.delete(`${orgPath}/invoices/${id}/comments/${commentId}`);

export const useRemoveComment = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => removeComment(orgPath, id, commentId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...invoiceKey(orgPath, id), 'comments'] }),
  });
};
