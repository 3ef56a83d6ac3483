import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarLinkStatus } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

const key = ['profile', 'calendar-link'];

export const useCalendarLinkStatus = () => {
  const orgPath = useOrgPath();
  return useQuery({ queryKey: key, queryFn: () => api.get<CalendarLinkStatus>(`${orgPath}/profile/calendar-link`) });
};

/** Makes a new link (the old one stops working); its address comes back once. */
export function useCreateCalendarLink() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ url: string }>(`${orgPath}/profile/calendar-link`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeCalendarLink() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`${orgPath}/profile/calendar-link`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
