import { z } from 'zod';
import { listMeta, listQuery } from './common.ts';

/** The badge shows this many at most, then '99+'. */
export const NOTIFICATION_BADGE_MAX = 99;
/** The bell asks the server for news this often (ms). */
export const NOTIFICATION_POLL_MS = 10_000;

export const notificationItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  notificationDate: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationListQuery = listQuery.pick({ skip: true, take: true });
export const notificationListResponse = z.object({
  data: z.array(notificationItem),
  meta: listMeta.extend({ unread: z.number().int() }),
});
export type NotificationList = z.infer<typeof notificationListResponse>;

export const badgeText = (unread: number) => (unread > NOTIFICATION_BADGE_MAX ? '99+' : String(unread));
