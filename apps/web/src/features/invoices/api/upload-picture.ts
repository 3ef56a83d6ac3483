import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoicePicture } from '@oficina/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/**
 * POST invoices/{id}/attachments/pictures (multipart field `attachment`). The screen sends the photos
 * one request each, one after another: on a phone's network a failure then costs one photo, not all.
 */
export const uploadPicture = (orgPath: string, id: number, file: File) => {
  const form = new FormData();
  form.append('attachment', file);
  return api.postForm<{ data: InvoicePicture[] }>(`${orgPath}/invoices/${id}/attachments/pictures`, form);
};

export const useUploadPicture = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPicture(orgPath, id, file),
    onSettled: () => refreshInvoice(queryClient, orgPath, id),
  });
};
