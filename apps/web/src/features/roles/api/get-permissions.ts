import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionList } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getPermissions = (orgPath: string) => api.get<PermissionList>(`${orgPath}/permissions`);

/** The permission map, group by group: it changes only with the product, so it is read once a session. */
export const permissionsQueryOptions = (orgPath: string) =>
  queryOptions({ queryKey: ['permissions'], queryFn: () => getPermissions(orgPath), staleTime: Infinity });

export const usePermissions = () => useQuery(permissionsQueryOptions(useOrgPath()));
