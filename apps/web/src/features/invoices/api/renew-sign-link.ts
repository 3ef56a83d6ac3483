import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** POST invoices/{id}/sign-link (admin): the current link stops working; a new one is issued. */
export const renewSignLink = (orgPath: string, id: number) =>
  api.post<{ signUrl: string }>(`${orgPath}/invoices/${id}/sign-link`);

export const useRenewSignLink = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => renewSignLink(orgPath, id),
    onSettled: () => refreshInvoice(queryClient, orgPath, id),
  });
};
