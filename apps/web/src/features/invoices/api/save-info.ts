import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceInfoBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** POST invoices/{id}/info (admin): purchase order, invoice number, 50% collaborator, bonus. */
export const saveInfo = (orgPath: string, id: number, body: InvoiceInfoBody) =>
  api.post(`${orgPath}/invoices/${id}/info`, body);

export const useSaveInfo = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceInfoBody) => saveInfo(orgPath, id, body),
    onSuccess: () => refreshInvoice(queryClient, orgPath, id),
  });
};
