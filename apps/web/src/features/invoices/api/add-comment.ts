import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCommentBody } from '@oficina/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

/** POST invoices/{id}/comments {comment, type}. */
export const addComment = (orgPath: string, id: number, body: AddCommentBody) =>
  api.post(`${orgPath}/invoices/${id}/comments`, body);

export const useAddComment = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCommentBody) => addComment(orgPath, id, body),
    onSuccess: (_data, body) =>
      queryClient.invalidateQueries({ queryKey: [...invoiceKey(orgPath, id), 'comments', body.type] }),
  });
};
