import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useUsersPath } from './get-users.ts';

/** DELETE .../users/{id}/two-factor: the user signs in with the password alone until they enrol again. */
export const resetTwoFactor = (path: string, id: number) => api.delete(`${path}/${id}/two-factor`);

export function useResetTwoFactor(id: number) {
  const path = useUsersPath();
  return useMutation({ mutationFn: () => resetTwoFactor(path, id) });
}
