import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleDetail } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getRole = (orgPath: string, id: number) => api.get<RoleDetail>(`${orgPath}/roles/${id}`);

export const roleQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: ['roles', 'detail', id], queryFn: () => getRole(orgPath, id) });

/** The role and who holds it; `enabled` false waits (a new role copied from none). */
export const useRole = (id: number, enabled = true) => useQuery({ ...roleQueryOptions(useOrgPath(), id), enabled });
