import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, User } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useUsersPath } from './get-users.ts';

export const createUser = (path: string, body: CreateUserBody) => api.post<User>(path, body);

export function useCreateUser() {
  const path = useUsersPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => createUser(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
