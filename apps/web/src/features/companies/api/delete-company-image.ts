import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { companyImageQueryKey, type CompanyImagePath } from './get-company-image.ts';
import { companyQueryKey } from './get-company.ts';

export const deleteCompanyImage = (orgPath: string, id: number, image: CompanyImagePath) =>
  api.delete(`${orgPath}/companies/${id}/${image}`);

export const useDeleteCompanyImage = (id: number, image: CompanyImagePath) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCompanyImage(orgPath, id, image),
    onSuccess: () => {
      queryClient.setQueryData(companyImageQueryKey(orgPath, id, image), null);
      return queryClient.invalidateQueries({ queryKey: companyQueryKey(orgPath, id), exact: true });
    },
  });
};
