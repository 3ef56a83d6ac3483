import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_TAKE, type ListResult, type Role } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** The roles a user may be given, for the form's select: the built-in ones first, then the organization's. */
export const getRoleOptions = (orgPath: string) =>
  api.get<ListResult<Role>>(`${orgPath}/roles`, { take: MAX_TAKE }).then((list) => list.data);

export const roleOptionsQueryOptions = (orgPath: string) =>
  queryOptions({ queryKey: ['roles', 'options'], queryFn: () => getRoleOptions(orgPath) });

export const useRoleOptions = () => useQuery(roleOptionsQueryOptions(useOrgPath()));
