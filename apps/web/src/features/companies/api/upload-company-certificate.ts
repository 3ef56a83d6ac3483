import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CertificateUpload } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { companyFiscalQueryKey } from './get-company-fiscal.ts';

/** POST companies/{id}/certificate: multipart with the .pfx as `file` and its `password`. */
export const uploadCompanyCertificate = (orgPath: string, id: number, file: File, password: string) => {
  const form = new FormData();
  form.append('password', password);
  form.append('file', file);
  return api.postForm<CertificateUpload>(`${orgPath}/companies/${id}/certificate`, form);
};

export const useUploadCompanyCertificate = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, password }: { file: File; password: string }) =>
      uploadCompanyCertificate(orgPath, id, file, password),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyFiscalQueryKey(orgPath, id), exact: true }),
  });
};
