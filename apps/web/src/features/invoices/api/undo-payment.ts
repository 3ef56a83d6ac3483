import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** POST invoices/{id}/undo-payment (admin). */
export const undoPayment = (orgPath: string, id: number) => api.post(`${orgPath}/invoices/${id}/undo-payment`);

export const useUndoPayment = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => undoPayment(orgPath, id),
    onSettled: () => refreshInvoice(queryClient, orgPath, id),
  });
};
