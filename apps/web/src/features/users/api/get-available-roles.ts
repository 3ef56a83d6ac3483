import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useUsersPath } from './get-users.ts';

export interface RoleOption {
  value: string;
  label: string;
}

export const getAvailableRoles = (path: string) => api.get<RoleOption[]>(`${path}/available-roles`);

export const availableRolesQueryOptions = (path: string) =>
  queryOptions({ queryKey: ['users', 'available-roles'], queryFn: () => getAvailableRoles(path), staleTime: Infinity });

export const useAvailableRoles = () => useQuery(availableRolesQueryOptions(useUsersPath()));
