import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** PUT invoices/{id}/attachments/pictures/{pictureId}/customer-visible: shown in the customer's portal or not. */
export const setPictureVisible = (orgPath: string, id: number, pictureId: number, customerVisible: boolean) =>
  api.put(`${orgPath}/invoices/${id}/attachments/pictures/${pictureId}/customer-visible`, { customerVisible });

export const usePictureVisibility = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pictureId, visible }: { pictureId: number; visible: boolean }) =>
      setPictureVisible(orgPath, id, pictureId, visible),
    onSettled: () => refreshInvoice(queryClient, orgPath, id),
  });
};
