import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceStatus, InvoiceStatusBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const createInvoiceStatus = (orgPath: string, body: InvoiceStatusBody) =>
  api.post<InvoiceStatus>(`${orgPath}/invoice-statuses`, body);

export function useCreateInvoiceStatus() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceStatusBody) => createInvoiceStatus(orgPath, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invoice-statuses'] }),
  });
}
