import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleBody, RoleDetail } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const createRole = (orgPath: string, body: RoleBody) => api.post<RoleDetail>(`${orgPath}/roles`, body);

export function useCreateRole() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleBody) => createRole(orgPath, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
