import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PixPayments, PixRefundBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey, refreshInvoice } from './invoice-keys.ts';

const pixPaymentsKey = (orgPath: string, id: number) => [...invoiceKey(orgPath, id), 'pix-payments'] as const;
const openRefunds = (d: PixPayments | undefined) =>
  d?.data.flatMap((x) => x.refunds).filter((r) => r.status === 'creating' || r.status === 'EM_PROCESSAMENTO').length ??
  0;

/**
 * GET invoices/{id}/pix-payments: the order's Pix received and their refunds. While a refund waits for
 * the PSP it asks again every few seconds; when one settles, the whole order is read again (its payments
 * and balance changed).
 */
export function usePixPayments(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: pixPaymentsKey(orgPath, id),
    queryFn: () => api.get<PixPayments>(`${orgPath}/invoices/${id}/pix-payments`),
    refetchInterval: (q) => (openRefunds(q.state.data) ? 4000 : false),
  });
  const open = openRefunds(query.data);
  const before = useRef(open);
  useEffect(() => {
    if (open < before.current) void refreshInvoice(queryClient, orgPath, id);
    before.current = open;
  }, [open, queryClient, orgPath, id]);
  return query;
}

/** POST invoices/{id}/payments/{paymentId}/pix-refund ('Devolver'): asks the PSP to send it back. */
export const useRefundPix = (id: number, paymentId: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PixRefundBody) =>
      api.post<PixPayments>(`${orgPath}/invoices/${id}/payments/${paymentId}/pix-refund`, body),
    onSuccess: () => refreshInvoice(queryClient, orgPath, id),
  });
};
