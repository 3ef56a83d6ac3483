import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyEmailBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { companyQueryKey } from './get-company.ts';

export const updateCompanyEmail = (orgPath: string, id: number, body: CompanyEmailBody) =>
  api.post<Company>(`${orgPath}/companies/${id}/email`, body);

export const useUpdateCompanyEmail = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyEmailBody) => updateCompanyEmail(orgPath, id, body),
    onSuccess: (company) => queryClient.setQueryData(companyQueryKey(orgPath, id), company),
  });
};
