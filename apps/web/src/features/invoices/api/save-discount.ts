import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** POST invoices/{id}/discount (admin); 0 removes it. The server computes the total. */
export const saveDiscount = (orgPath: string, id: number, body: DiscountBody) =>
  api.post(`${orgPath}/invoices/${id}/discount`, body);

export const useSaveDiscount = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscountBody) => saveDiscount(orgPath, id, body),
    onSuccess: () => refreshInvoice(queryClient, orgPath, id),
  });
};
