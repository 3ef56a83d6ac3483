import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCommentBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

/** POST invoices/{id}/comments {comment, type}. */
export const commentsPath = (orgPath: string, id: number) => `${orgPath}/invoices/${id}/comments`;

/** With `key` (the outbox's Idempotency-Key) a request that reaches no server throws at once, to be queued. */
export const addComment = (orgPath: string, id: number, body: AddCommentBody, key?: string) =>
  api.post(commentsPath(orgPath, id), body, key ? { idempotencyKey: key, noRetryPrompt: true } : {});

export const useAddComment = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: AddCommentBody; key?: string }) => addComment(orgPath, id, body, key),
    onSuccess: (_data, { body }) =>
      queryClient.invalidateQueries({ queryKey: [...invoiceKey(orgPath, id), 'comments', body.type] }),
  });
};
