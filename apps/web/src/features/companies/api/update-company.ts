import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, UpdateCompanyBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { companyQueryKey } from './get-company.ts';

export const updateCompany = (orgPath: string, id: number, body: UpdateCompanyBody) =>
  api.put<Company>(`${orgPath}/companies/${id}`, body);

export const useUpdateCompany = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyBody) => updateCompany(orgPath, id, body),
    onSuccess: (company) => {
      queryClient.setQueryData(companyQueryKey(orgPath, id), company);
      return queryClient.invalidateQueries({ queryKey: ['companies', orgPath, 'list'] });
    },
  });
};
