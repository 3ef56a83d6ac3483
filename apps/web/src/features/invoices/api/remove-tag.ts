import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** DELETE invoices/{id}/tags/{tagId} (admin). */
export const removeTag = (orgPath: string, id: number, tagId: number) =>
  api.delete(`${orgPath}/invoices/${id}/tags/${tagId}`);

export const useRemoveTag = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagId: number) => removeTag(orgPath, id, tagId),
    onSettled: () => refreshInvoice(queryClient, orgPath, id),
  });
};
