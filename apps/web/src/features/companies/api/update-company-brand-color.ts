import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyBrandColorBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { companyQueryKey } from './get-company.ts';

/** PUT companies/{id}/brand-color: the colour of the customer's portal. */
export const useUpdateCompanyBrandColor = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyBrandColorBody) => api.put<Company>(`${orgPath}/companies/${id}/brand-color`, body),
    onSuccess: (company) => queryClient.setQueryData(companyQueryKey(orgPath, id), company),
  });
};
