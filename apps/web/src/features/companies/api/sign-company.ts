import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { companyQueryKey } from './get-company.ts';

export const signCompany = (orgPath: string, id: number, signature: string) =>
  api.post<{ signature: string }>(`${orgPath}/companies/${id}/sign`, { signature });

export const useSignCompany = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signature: string) => signCompany(orgPath, id, signature),
    onSuccess: ({ signature }) =>
      queryClient.setQueryData<Company>(companyQueryKey(orgPath, id), (c) => (c ? { ...c, signature } : c)),
  });
};
