import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { companyImageQueryKey, type CompanyImagePath } from './get-company-image.ts';
import { companyQueryKey } from './get-company.ts';

/** Multipart upload; the field is named as the path (logo, signature-image). */
export const uploadCompanyImage = (orgPath: string, id: number, image: CompanyImagePath, file: File) => {
  const form = new FormData();
  form.append(image, file);
  return api.postForm<{ contentType: string; size: number }>(`${orgPath}/companies/${id}/${image}`, form);
};

export const useUploadCompanyImage = (id: number, image: CompanyImagePath) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadCompanyImage(orgPath, id, image, file),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyImageQueryKey(orgPath, id, image), exact: true }),
        queryClient.invalidateQueries({ queryKey: companyQueryKey(orgPath, id), exact: true }),
      ]),
  });
};
