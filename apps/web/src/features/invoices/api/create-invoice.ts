import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateInvoiceBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoicesQueryKey } from '../../../components/invoices/api/get-invoices.ts';

/** POST invoices {company, customer, transactionNature}: the server gives the next number. */
export const createInvoice = (orgPath: string, body: CreateInvoiceBody) =>
  api.post<{ id: number; number?: number }>(`${orgPath}/invoices`, body);

export const useCreateInvoice = () => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvoiceBody) => createInvoice(orgPath, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
  });
};
