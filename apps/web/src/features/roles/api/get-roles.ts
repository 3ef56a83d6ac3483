import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResult, Role } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getRoles = (orgPath: string, query: Partial<ListQuery>) =>
  api.get<ListResult<Role>>(`${orgPath}/roles`, query);

export const rolesQueryOptions = (orgPath: string, query: Partial<ListQuery>) =>
  queryOptions({
    queryKey: ['roles', 'list', query],
    queryFn: () => getRoles(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useRoles = (query: Partial<ListQuery>) => useQuery(rolesQueryOptions(useOrgPath(), query));
