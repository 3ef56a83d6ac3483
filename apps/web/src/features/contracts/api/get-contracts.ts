import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractListQuery, ContractListResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { contractsKey } from './contract-keys.ts';

/** GET contracts {q, status, periodicity, skip, take}: a page by customer, its total and the MRR. */
export const getContracts = (orgPath: string, query: ContractListQuery) =>
  api.get<ContractListResponse>(`${orgPath}/contracts`, query);

export const contractsQueryOptions = (orgPath: string, query: ContractListQuery) =>
  queryOptions({
    queryKey: [...contractsKey(orgPath), 'list', query],
    queryFn: () => getContracts(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useContracts = (query: ContractListQuery) => useQuery(contractsQueryOptions(useOrgPath(), query));
