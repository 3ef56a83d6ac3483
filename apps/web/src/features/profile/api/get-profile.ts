import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getProfile = (orgPath: string) => api.get<Profile>(`${orgPath}/profile`);

export const profileQueryOptions = (orgPath: string) =>
  queryOptions({ queryKey: ['profile'], queryFn: () => getProfile(orgPath) });

export const useProfile = () => useQuery(profileQueryOptions(useOrgPath()));
