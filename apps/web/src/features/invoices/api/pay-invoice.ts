import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** POST invoices/{id}/pay {date, description} (admin). */
export const payInvoice = (orgPath: string, id: number, body: PayBody) =>
  api.post(`${orgPath}/invoices/${id}/pay`, body);

export const usePayInvoice = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayBody) => payInvoice(orgPath, id, body),
    onSuccess: () => refreshInvoice(queryClient, orgPath, id),
  });
};
