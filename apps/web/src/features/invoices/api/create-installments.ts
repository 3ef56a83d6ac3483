import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateInstallmentsBody, InvoicePaymentsResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** POST invoices/{id}/installments {count, firstDueDate, method, interval} (admin). */
export const createInstallments = (orgPath: string, id: number, body: CreateInstallmentsBody) =>
  api.post<InvoicePaymentsResponse>(`${orgPath}/invoices/${id}/installments`, body);

export const useCreateInstallments = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInstallmentsBody) => createInstallments(orgPath, id, body),
    onSuccess: () => refreshInvoice(queryClient, orgPath, id),
  });
};
