import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useUsersPath } from './get-users.ts';

export const getUser = (path: string, id: number) => api.get<User>(`${path}/${id}`);

export const userQueryOptions = (path: string, id: number) =>
  queryOptions({ queryKey: ['users', 'detail', id], queryFn: () => getUser(path, id) });

export const useUser = (id: number) => useQuery(userQueryOptions(useUsersPath(), id));
