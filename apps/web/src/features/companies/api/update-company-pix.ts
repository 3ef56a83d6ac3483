import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyPixBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { companyQueryKey } from './get-company.ts';

export const useUpdateCompanyPix = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyPixBody) => api.put<Company>(`${orgPath}/companies/${id}/pix`, body),
    onSuccess: (company) => queryClient.setQueryData(companyQueryKey(orgPath, id), company),
  });
};
