import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePaymentBody, InvoicePaymentsResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** POST invoices/{id}/payments {amount, method, paidAt, note} (admin). */
export const addPayment = (orgPath: string, id: number, body: CreatePaymentBody) =>
  api.post<InvoicePaymentsResponse>(`${orgPath}/invoices/${id}/payments`, body);

export const useAddPayment = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePaymentBody) => addPayment(orgPath, id, body),
    onSuccess: () => refreshInvoice(queryClient, orgPath, id),
  });
};
