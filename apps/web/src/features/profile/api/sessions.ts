import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult, SessionItem, SignInItem } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

const key = ['profile', 'sessions'];

export const useSessions = () => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: key,
    queryFn: () => api.get<ListResult<SessionItem>>(`${orgPath}/profile/sessions`, { take: 100 }),
  });
};

export function useEndSession() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${orgPath}/profile/sessions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** 'Sair de todos os outros'. */
export function useEndOtherSessions() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ ended: number }>(`${orgPath}/profile/sessions`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useSignIns = () => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: ['profile', 'sign-ins'],
    queryFn: () => api.get<{ data: SignInItem[] }>(`${orgPath}/profile/sign-ins`),
  });
};
