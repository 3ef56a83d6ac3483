import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** DELETE invoices/{id}/attachments/pictures/{pictureId}. */
export const removePicture = (orgPath: string, id: number, pictureId: number) =>
  api.delete(`${orgPath}/invoices/${id}/attachments/pictures/${pictureId}`);

export const useRemovePicture = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pictureId: number) => removePicture(orgPath, id, pictureId),
    onSettled: () => refreshInvoice(queryClient, orgPath, id),
  });
};
