import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoicePaymentsResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** DELETE invoices/{id}/payments/{paymentId} (admin): the instalment it received is open again. */
export const removePayment = (orgPath: string, id: number, paymentId: number) =>
  api.delete<InvoicePaymentsResponse>(`${orgPath}/invoices/${id}/payments/${paymentId}`);

export const useRemovePayment = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) => removePayment(orgPath, id, paymentId),
    onSuccess: () => refreshInvoice(queryClient, orgPath, id),
  });
};
