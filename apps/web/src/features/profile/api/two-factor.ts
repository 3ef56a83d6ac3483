import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmTwoFactorBody,
  DisableTwoFactorBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

const key = ['profile', 'two-factor'];

export const useTwoFactorStatus = () => {
  const orgPath = useOrgPath();
  return useQuery({ queryKey: key, queryFn: () => api.get<TwoFactorStatus>(`${orgPath}/profile/two-factor`) });
};

/** A new secret and its QR code; it counts once a first code confirms it. */
export function useBeginTwoFactor() {
  const orgPath = useOrgPath();
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>(`${orgPath}/profile/two-factor`) });
}

/** The first code turns it on; the answer carries the recovery codes, shown once. */
export function useConfirmTwoFactor() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmTwoFactorBody) =>
      api.post<{ recoveryCodes: string[] }>(`${orgPath}/profile/two-factor/confirm`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDisableTwoFactor() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisableTwoFactorBody) => api.delete(`${orgPath}/profile/two-factor`, {}, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
