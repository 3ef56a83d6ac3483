import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResult, UserListItem } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';

/** Collaborators live under admin/organizations/{orgId}/users. */
export const usersPath = (organizationId: number | undefined) => `/admin/organizations/${organizationId ?? 0}/users`;
export const useUsersPath = () => usersPath(useAuth().user?.organizationId);

export const getUsers = (path: string, query: Partial<ListQuery>) => api.get<ListResult<UserListItem>>(path, query);

export const usersQueryOptions = (path: string, query: Partial<ListQuery>) =>
  queryOptions({
    queryKey: ['users', 'list', query],
    queryFn: () => getUsers(path, query),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: Partial<ListQuery>) => useQuery(usersQueryOptions(useUsersPath(), query));
