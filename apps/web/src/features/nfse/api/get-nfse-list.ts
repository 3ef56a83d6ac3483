import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NfseListQuery, NfseListResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** GET nfse: one page of the organization's NFS-e, newest first, with the totals of the standing ones. */
export const getNfseList = (orgPath: string, query: NfseListQuery) =>
  api.get<NfseListResponse>(`${orgPath}/nfse`, query);

export const nfseListKey = ['nfse-list'] as const;

export const nfseListQueryOptions = (orgPath: string, query: NfseListQuery) =>
  queryOptions({
    queryKey: [...nfseListKey, orgPath, query],
    queryFn: () => getNfseList(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useNfseList = (query: NfseListQuery) => useQuery(nfseListQueryOptions(useOrgPath(), query));
