import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResult, Reminder } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getReminders = (orgPath: string, query: Partial<ListQuery>) =>
  api.get<ListResult<Reminder>>(`${orgPath}/reminders`, query);

export const remindersQueryOptions = (orgPath: string, query: Partial<ListQuery>) =>
  queryOptions({
    queryKey: ['reminders', 'list', query],
    queryFn: () => getReminders(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useReminders = (query: Partial<ListQuery>) => useQuery(remindersQueryOptions(useOrgPath(), query));
