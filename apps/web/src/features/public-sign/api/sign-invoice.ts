import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicInvoice, PublicSignBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { publicInvoiceQueryOptions } from './get-public-invoice.ts';

/** POST /api/public/invoices/{id}/sign?token=... {signature, signerName}. */
export const signPath = (id: number, token: string) => `/public/invoices/${id}/sign?token=${encodeURIComponent(token)}`;

/**
 * With `key` (a technician's outbox item) a request that reaches no server throws at once, to be
 * queued; the public route takes no Idempotency-Key, but a repeat of a valid signature is a 409
 * 'já foi assinada', which the outbox counts as delivered.
 */
export const signInvoice = (id: number, token: string, body: PublicSignBody, key?: string) =>
  api.post<PublicInvoice>(signPath(id, token), body, key ? { noRetryPrompt: true } : {});

export const useSignInvoice = (id: number, token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PublicSignBody; key?: string }) => signInvoice(id, token, body, key),
    onSuccess: async (data) => {
      queryClient.setQueryData(publicInvoiceQueryOptions(id, token).queryKey, data);
      // A technician signed on their own session returns to the order: it must not show the cached unsigned one.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'public-invoice' });
    },
  });
};
