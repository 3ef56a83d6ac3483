import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorPolicy, UpdateOrganizationBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey, useOrgPath } from '../../../lib/auth.tsx';

export interface Organization {
  id: number;
  name: string;
  timeZone: string;
  twoFactor: TwoFactorPolicy;
  /** The settings' version: the form sends it back with its save. */
  version: number;
}

const organizationKey = ['organization'] as const;

export const organizationQueryKey = organizationKey;

export function useOrganization() {
  const orgPath = useOrgPath();
  return useQuery({ queryKey: organizationKey, queryFn: () => api.get<Organization>(orgPath) });
}

/** Saves the name and time zone; every screen then reads dates in the new zone (it comes with /me). */
export function useUpdateOrganization() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizationBody) => api.put<Organization>(orgPath, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationKey, saved);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
