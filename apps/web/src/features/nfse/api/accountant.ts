import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NfseAccountant, NfseAccountantBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

const key = (orgPath: string) => ['nfse-accountant', orgPath] as const;

export const accountantQueryOptions = (orgPath: string) =>
  queryOptions({ queryKey: key(orgPath), queryFn: () => api.get<NfseAccountant>(`${orgPath}/nfse/accountant`) });

/** GET nfse/accountant: who gets the month's files, on which day, and how the last send went. */
export const useAccountant = () => useQuery(accountantQueryOptions(useOrgPath()));

/** PUT nfse/accountant. */
export function useSaveAccountant() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NfseAccountantBody) => api.put<NfseAccountant>(`${orgPath}/nfse/accountant`, body),
    onSuccess: (answer) => queryClient.setQueryData(key(orgPath), answer),
  });
}
