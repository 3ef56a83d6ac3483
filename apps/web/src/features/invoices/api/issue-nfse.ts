import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Nfse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { nfseQueryKey } from './get-nfse.ts';

/** POST invoices/{id}/nfse (admin): the DPS checked, signed and queued; the answer says 'processing'. */
export const issueNfse = (orgPath: string, id: number) => api.post<Nfse>(`${orgPath}/invoices/${id}/nfse`);

export const useIssueNfse = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => issueNfse(orgPath, id),
    onSuccess: (nfse) => queryClient.setQueryData(nfseQueryKey(orgPath, id), nfse),
  });
};
