import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceVisitBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** POST invoices/{id}/visit (admin): reported problem, scheduled time, the job's address. */
export const saveVisit = (orgPath: string, id: number, body: InvoiceVisitBody) =>
  api.post(`${orgPath}/invoices/${id}/visit`, body);

export const useSaveVisit = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceVisitBody) => saveVisit(orgPath, id, body),
    onSuccess: () => refreshInvoice(queryClient, orgPath, id),
  });
};
