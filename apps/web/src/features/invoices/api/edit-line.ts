import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditProductLineBody, EditServiceLineBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** PATCH invoices/{id}/services|products/{lineId}: quantity, negotiated price, description (services). */
export const editLine = (
  orgPath: string,
  id: number,
  kind: 'services' | 'products',
  lineId: number,
  body: EditServiceLineBody | EditProductLineBody,
) => api.patch(`${orgPath}/invoices/${id}/${kind}/${lineId}`, body);

export const useEditLine = (id: number, kind: 'services' | 'products') => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, body }: { lineId: number; body: EditServiceLineBody | EditProductLineBody }) =>
      editLine(orgPath, id, kind, lineId, body),
    onSettled: () => refreshInvoice(queryClient, orgPath, id),
  });
};
