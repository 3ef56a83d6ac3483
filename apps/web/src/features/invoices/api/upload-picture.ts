import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoicePicture } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/**
 * POST invoices/{id}/attachments/pictures (multipart field `attachment`). The screen sends the photos
 * one request each, one after another: on a phone's network a failure then costs one photo, not all.
 */
export const picturesPath = (orgPath: string, id: number) => `${orgPath}/invoices/${id}/attachments/pictures`;

/** With `key` (the outbox's Idempotency-Key) a request that reaches no server throws at once, to be queued. */
export const uploadPicture = (orgPath: string, id: number, file: File, key?: string) => {
  const form = new FormData();
  form.append('attachment', file);
  return api.postForm<{ data: InvoicePicture[] }>(
    picturesPath(orgPath, id),
    form,
    key ? { idempotencyKey: key, noRetryPrompt: true } : {},
  );
};

export const useUploadPicture = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, key }: { file: File; key?: string }) => uploadPicture(orgPath, id, file, key),
    onSettled: () => refreshInvoice(queryClient, orgPath, id),
  });
};
