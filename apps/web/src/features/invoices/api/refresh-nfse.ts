import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Nfse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { nfseQueryKey } from './get-nfse.ts';
import { refreshInvoice } from './invoice-keys.ts';

/** POST invoices/{id}/nfse/refresh (admin): asks the national system whether the NFS-e still stands. */
export const refreshNfse = (orgPath: string, id: number) => api.post<Nfse>(`${orgPath}/invoices/${id}/nfse/refresh`);

export const useRefreshNfse = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshNfse(orgPath, id),
    onSuccess: async (nfse) => {
      queryClient.setQueryData(nfseQueryKey(orgPath, id), nfse);
      // Canceled elsewhere, the order's 'NF' and comments changed too.
      if (nfse.status !== 'issued') await refreshInvoice(queryClient, orgPath, id);
    },
  });
};
