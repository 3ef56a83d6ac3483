import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerWithholdings, NfseWithholdingsBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const customerWithholdingsKey = (orgPath: string, id: number) =>
  ['customers', orgPath, 'nfse-withholdings', id] as const;

export const customerWithholdingsQueryOptions = (orgPath: string, id: number) =>
  queryOptions({
    queryKey: customerWithholdingsKey(orgPath, id),
    queryFn: () => api.get<CustomerWithholdings>(`${orgPath}/customers/${id}/nfse-withholdings`),
  });

/** GET customers/{id}/nfse-withholdings: what the customer withholds by default from its orders' NFS-e. */
export const useCustomerWithholdings = (id: number) => useQuery(customerWithholdingsQueryOptions(useOrgPath(), id));

/** PUT customers/{id}/nfse-withholdings. */
export function useSaveCustomerWithholdings(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NfseWithholdingsBody) =>
      api.put<CustomerWithholdings>(`${orgPath}/customers/${id}/nfse-withholdings`, body),
    onSuccess: (answer) => queryClient.setQueryData(customerWithholdingsKey(orgPath, id), answer),
  });
}
