import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS, type NotificationList } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** The panel shows the newest 20; the badge counts every unread one. */
const PANEL_SIZE = 20;

export const getNotifications = (orgPath: string) =>
  api.get<NotificationList>(`${orgPath}/notifications`, { take: PANEL_SIZE });

/**
 * Polled every NOTIFICATION_POLL_MS while the tab is visible (and at once when it regains focus):
 * one cheap indexed query, and it works with any number of server instances and proxies.
 */
export const notificationsQueryOptions = (orgPath: string) =>
  queryOptions({
    queryKey: ['notifications', 'list'],
    queryFn: () => getNotifications(orgPath),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
  });

export const useNotifications = (enabled: boolean) => useQuery({ ...notificationsQueryOptions(useOrgPath()), enabled });
