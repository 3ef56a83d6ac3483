import { useQuery } from '@tanstack/react-query';
import type { AddEstimateReminderBody, EstimateReminder, ListResult, Reminder } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { estimatePath } from './estimate-keys.ts';
import { estimateSubKey, useEstimateMutation } from './use-estimate-mutation.ts';

/** GET estimates/{id}/reminders: what is scheduled on the estimate. */
export const useEstimateReminders = (id: number) => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: estimateSubKey(orgPath, id, 'reminders'),
    queryFn: () => api.get<{ data: EstimateReminder[] }>(`${estimatePath(orgPath, id)}/reminders`),
  });
};
/** GET reminders/actives: the reminder kinds an estimate can schedule (one card each). */
export const useActiveReminders = () => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: ['reminders', orgPath, 'actives'],
    queryFn: () => api.get<ListResult<Reminder>>(`${orgPath}/reminders/actives`, { take: 100 }),
  });
};
/** POST estimates/{id}/reminders {reminder, reminderAt}. */
export const useAddReminder = (id: number) =>
  useEstimateMutation(id, (path, body: AddEstimateReminderBody) => api.post(`${path}/reminders`, body));
/** PATCH estimates/{id}/reminders/{reminderId} {reminderAt}: moves a scheduled reminder. */
export const useMoveReminder = (id: number) =>
  useEstimateMutation(id, (path, v: { id: number; reminderAt: string }) =>
    api.patch(`${path}/reminders/${v.id}`, { reminderAt: v.reminderAt }),
  );
