import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserFinancialBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useUsersPath } from './get-users.ts';

export const updateUserFinancial = (path: string, id: number, body: UserFinancialBody) =>
  api.patch<User>(`${path}/${id}/financial`, body);

export function useUpdateUserFinancial(id: number) {
  const path = useUsersPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserFinancialBody) => updateUserFinancial(path, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
