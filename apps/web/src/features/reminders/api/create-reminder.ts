import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reminder, ReminderBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const createReminder = (orgPath: string, body: ReminderBody) => api.post<Reminder>(`${orgPath}/reminders`, body);

export function useCreateReminder() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderBody) => createReminder(orgPath, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reminders'] }),
  });
}
