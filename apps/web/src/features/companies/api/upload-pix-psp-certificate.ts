import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PixPsp } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { pixPspQueryKey } from './get-pix-psp.ts';

/** POST companies/{id}/pix-psp/certificate: multipart with the .pfx/.p12 as `file` and its `password`. */
export const useUploadPixPspCertificate = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, password }: { file: File; password: string }) => {
      const form = new FormData();
      form.append('password', password);
      form.append('file', file);
      return api.postForm<PixPsp>(`${orgPath}/companies/${id}/pix-psp/certificate`, form);
    },
    onSuccess: (psp) => queryClient.setQueryData(pixPspQueryKey(orgPath, id), psp),
  });
};
