import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceStatus, InvoiceStatusBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const updateInvoiceStatus = (orgPath: string, id: number, body: InvoiceStatusBody) =>
  api.put<InvoiceStatus>(`${orgPath}/invoice-statuses/${id}`, body);

export function useUpdateInvoiceStatus(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceStatusBody) => updateInvoiceStatus(orgPath, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invoice-statuses'] }),
  });
}
