import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractOverdueResponse, ListQuery } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { contractsKey } from './contract-keys.ts';

/** GET contracts/overdue {q, skip, take}: the late charges, oldest first, their total and sum. */
export const getOverdue = (orgPath: string, query: ListQuery) =>
  api.get<ContractOverdueResponse>(`${orgPath}/contracts/overdue`, query);

export const overdueQueryOptions = (orgPath: string, query: ListQuery) =>
  queryOptions({
    queryKey: [...contractsKey(orgPath), 'overdue', query],
    queryFn: () => getOverdue(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useOverdue = (query: ListQuery) => useQuery(overdueQueryOptions(useOrgPath(), query));
