import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Nfse } from '@ordem-certa/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

/** GET invoices/{id}/nfse: the order's latest NFS-e; null when it has none (404). */
export const getNfse = (orgPath: string, id: number) =>
  api.get<Nfse>(`${orgPath}/invoices/${id}/nfse`).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  });

export const nfseQueryKey = (orgPath: string, id: number) => [...invoiceKey(orgPath, id), 'nfse'] as const;

/** While the NFS-e is being sent the card asks again every few seconds. */
export const nfseQueryOptions = (orgPath: string, id: number) =>
  queryOptions({
    queryKey: nfseQueryKey(orgPath, id),
    queryFn: () => getNfse(orgPath, id),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 3000 : false),
  });

export const useNfse = (id: number, enabled: boolean) => useQuery({ ...nfseQueryOptions(useOrgPath(), id), enabled });
