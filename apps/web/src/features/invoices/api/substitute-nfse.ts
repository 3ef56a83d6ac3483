import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Nfse, NfseSubstituteBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { nfseQueryKey } from './get-nfse.ts';

/** POST invoices/{id}/nfse/substitute (admin): a new DPS replacing the issued NFS-e; answers 'processing'. */
export const substituteNfse = (orgPath: string, id: number, body: NfseSubstituteBody) =>
  api.post<Nfse>(`${orgPath}/invoices/${id}/nfse/substitute`, body);

export const useSubstituteNfse = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NfseSubstituteBody) => substituteNfse(orgPath, id, body),
    onSuccess: (nfse) => queryClient.setQueryData(nfseQueryKey(orgPath, id), nfse),
  });
};
