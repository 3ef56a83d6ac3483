import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reminder, ReminderBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const updateReminder = (orgPath: string, id: number, body: ReminderBody) =>
  api.put<Reminder>(`${orgPath}/reminders/${id}`, body);

export function useUpdateReminder(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderBody) => updateReminder(orgPath, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reminders'] }),
  });
}
