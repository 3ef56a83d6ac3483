import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reminder } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getReminder = (orgPath: string, id: number) => api.get<Reminder>(`${orgPath}/reminders/${id}`);

export const reminderQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: ['reminders', 'detail', id], queryFn: () => getReminder(orgPath, id) });

export const useReminder = (id: number) => useQuery(reminderQueryOptions(useOrgPath(), id));
