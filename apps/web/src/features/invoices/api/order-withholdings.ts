import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NfseWithholdingsBody, OrderWithholdings } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

export const orderWithholdingsKey = (orgPath: string, id: number) =>
  [...invoiceKey(orgPath, id), 'nfse-withholdings'] as const;

export const orderWithholdingsQueryOptions = (orgPath: string, id: number) =>
  queryOptions({
    queryKey: orderWithholdingsKey(orgPath, id),
    queryFn: () => api.get<OrderWithholdings>(`${orgPath}/invoices/${id}/nfse/withholdings`),
  });

/** GET invoices/{id}/nfse/withholdings: the order's withholdings (its own or the customer's) and the net. */
export const useOrderWithholdings = (id: number) => useQuery(orderWithholdingsQueryOptions(useOrgPath(), id));

/** PUT invoices/{id}/nfse/withholdings (null: the customer's); the order's payments show the new net. */
export function useSaveOrderWithholdings(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NfseWithholdingsBody) =>
      api.put<OrderWithholdings>(`${orgPath}/invoices/${id}/nfse/withholdings`, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(orderWithholdingsKey(orgPath, id), answer);
      await queryClient.invalidateQueries({ queryKey: invoiceKey(orgPath, id) });
    },
  });
}
