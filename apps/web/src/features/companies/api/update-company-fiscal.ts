import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyFiscal, CompanyFiscalBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { companyFiscalQueryKey } from './get-company-fiscal.ts';

/** PUT companies/{id}/fiscal. */
export const useUpdateCompanyFiscal = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyFiscalBody) => api.put<CompanyFiscal>(`${orgPath}/companies/${id}/fiscal`, body),
    onSuccess: (fiscal) => queryClient.setQueryData(companyFiscalQueryKey(orgPath, id), fiscal),
  });
};
