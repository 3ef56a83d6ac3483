import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResult, PartyListItem } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getCompanies = (orgPath: string, query: ListQuery) =>
  api.get<ListResult<PartyListItem>>(`${orgPath}/companies`, query);

export const companiesQueryOptions = (orgPath: string, query: ListQuery) =>
  queryOptions({
    queryKey: ['companies', orgPath, 'list', query],
    queryFn: () => getCompanies(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useCompanies = (query: ListQuery) => useQuery(companiesQueryOptions(useOrgPath(), query));
