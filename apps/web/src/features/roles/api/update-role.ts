import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleBody, RoleDetail } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const updateRole = (orgPath: string, id: number, body: RoleBody) =>
  api.put<RoleDetail>(`${orgPath}/roles/${id}`, body);

export function useUpdateRole(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleBody) => updateRole(orgPath, id, body),
    // The signed-in user may hold the role: what they may do is read again too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['roles'] }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ]),
  });
}
