import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey, useAuth, useOrgPath } from '../../../lib/auth.tsx';

export const updateProfile = (orgPath: string, body: UpdateProfileBody) =>
  api.put<Profile & { token: string }>(`${orgPath}/profile`, body, { renewsSession: true });

/** Saves name, e-mail and maybe the password; the session takes the new token (new name and e-mail). */
export function useUpdateProfile() {
  const orgPath = useOrgPath();
  const { signIn } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(orgPath, body),
    onSuccess: ({ token, ...profile }) => {
      signIn(token);
      queryClient.setQueryData(['profile'], profile);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
