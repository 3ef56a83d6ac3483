import { useQuery } from '@tanstack/react-query';
import type { InvoicePicture } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { estimatePath } from './estimate-keys.ts';
import { estimateSubKey, useEstimateMutation } from './use-estimate-mutation.ts';

/** GET estimates/{id}/attachments/pictures: thumbnails inline. */
export const usePictures = (id: number) => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: estimateSubKey(orgPath, id, 'pictures'),
    queryFn: () => api.get<{ data: InvoicePicture[] }>(`${estimatePath(orgPath, id)}/attachments/pictures`),
  });
};
/** POST estimates/{id}/attachments/pictures (multipart field attachment), one photo a request. */
export const useUploadPicture = (id: number) =>
  useEstimateMutation(id, (path, file: File) => {
    const form = new FormData();
    form.append('attachment', file);
    return api.postForm(`${path}/attachments/pictures`, form);
  });
export const useRemovePicture = (id: number) =>
  useEstimateMutation(id, (path, pictureId: number) => api.delete(`${path}/attachments/pictures/${pictureId}`));
