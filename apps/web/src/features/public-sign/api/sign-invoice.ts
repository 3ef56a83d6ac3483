import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicInvoice, PublicSignBody } from '@oficina/contracts';
import { api } from '../../../lib/api-client.ts';
import { publicInvoiceQueryOptions } from './get-public-invoice.ts';

/** POST /api/public/invoices/{id}/sign?token=... {signature, signerName}. */
export const signInvoice = (id: number, token: string, body: PublicSignBody) =>
  api.post<PublicInvoice>(`/public/invoices/${id}/sign?token=${encodeURIComponent(token)}`, body);

export const useSignInvoice = (id: number, token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicSignBody) => signInvoice(id, token, body),
    onSuccess: async (data) => {
      queryClient.setQueryData(publicInvoiceQueryOptions(id, token).queryKey, data);
      // A technician signed on their own session returns to the order: it must not show the cached unsigned one.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'public-invoice' });
    },
  });
};
