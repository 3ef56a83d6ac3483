import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, SignatureBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const saveSignature = (orgPath: string, body: SignatureBody) =>
  api.post<{ signature: string }>(`${orgPath}/profile/sign`, body);

export function useSaveSignature() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signature: string) => saveSignature(orgPath, { signature }),
    onSuccess: ({ signature }) => queryClient.setQueryData<Profile>(['profile'], (p) => (p ? { ...p, signature } : p)),
  });
}
