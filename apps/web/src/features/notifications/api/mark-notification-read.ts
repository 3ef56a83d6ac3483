import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationItem } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const markNotificationRead = (orgPath: string, id: number) =>
  api.post<NotificationItem>(`${orgPath}/notifications/${id}/mark-as-read`);

export function useMarkNotificationRead() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => markNotificationRead(orgPath, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
