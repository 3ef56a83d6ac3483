import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useUsersPath } from './get-users.ts';

export const updateUser = (path: string, id: number, body: UpdateUserBody) => api.put<User>(`${path}/${id}`, body);

export function useUpdateUser(id: number) {
  const path = useUsersPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(path, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
