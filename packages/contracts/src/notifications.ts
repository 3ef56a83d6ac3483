import { z } from 'zod';
import { listMeta, listQuery } from './common.ts';

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
