import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResult, PartyListItem } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getCustomers = (orgPath: string, query: ListQuery) =>
  api.get<ListResult<PartyListItem>>(`${orgPath}/customers`, query);

export const customersQueryOptions = (orgPath: string, query: ListQuery) =>
  queryOptions({
    queryKey: ['customers', orgPath, 'list', query],
    queryFn: () => getCustomers(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (query: ListQuery) => useQuery(customersQueryOptions(useOrgPath(), query));
