import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceDetail } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

type Tag = InvoiceDetail['invoiceTags'][number];

/** POST invoices/{id}/tags/{tagId} (admin). */
export const addTag = (orgPath: string, id: number, tagId: number) =>
  api.post<Tag>(`${orgPath}/invoices/${id}/tags/${tagId}`);

export const useAddTag = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagId: number) => addTag(orgPath, id, tagId),
    onSettled: () => refreshInvoice(queryClient, orgPath, id),
  });
};
