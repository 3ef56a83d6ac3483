import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Nfse, NfseCancelBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

/** POST invoices/{id}/nfse/cancel (admin): the cancellation event, with its reason. */
export const cancelNfse = (orgPath: string, id: number, body: NfseCancelBody) =>
  api.post<Nfse>(`${orgPath}/invoices/${id}/nfse/cancel`, body);

export const useCancelNfse = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NfseCancelBody) => cancelNfse(orgPath, id, body),
    // The order's 'NF' and comments change with it.
    onSuccess: () => refreshInvoice(queryClient, orgPath, id),
  });
};
