import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CreateCompanyBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const createCompany = (orgPath: string, body: CreateCompanyBody) =>
  api.post<Company>(`${orgPath}/companies`, body);

export const useCreateCompany = () => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCompanyBody) => createCompany(orgPath, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['companies', orgPath, 'list'] }),
  });
};
