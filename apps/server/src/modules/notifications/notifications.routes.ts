import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  notificationItem,
  notificationListQuery,
  notificationListResponse,
  orgParam,
} from '@ordem-certa/contracts';
import { listNotifications, markAsRead } from './notifications.service.ts';

const tags = ['notifications'];
const base = '/organizations/:orgId/notifications';

/** The bell, of every user (admins and technicians): their own notifications only. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      schema: {
        tags,
        params: orgParam,
        querystring: notificationListQuery,
        response: { 200: notificationListResponse },
      },
      config: { access: { can: 'notification.read', feature: 'notifications' } },
    },
    (request) => listNotifications(app.db, request.auth, request.query),
  );
  app.post(
    `${base}/:id/mark-as-read`,
    {
      schema: { tags, params: orgParam.extend({ id: idParam.shape.id }), response: { 200: notificationItem } },
      config: { access: { can: 'notification.read', feature: 'notifications' } },
    },
    (request) => markAsRead(app.db, request.auth, request.params.id),
  );
};
