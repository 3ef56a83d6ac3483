import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  notificationItem,
  notificationListQuery,
  notificationListResponse,
  orgParam,
} from '@ordem-certa/contracts';
import { listNotifications, markAsRead } from './notifications.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('notifications', { feature: 'notifications' });
const base = '/organizations/:orgId/notifications';

/** The bell, of every user (admins and technicians): their own notifications only. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    route('notification.read', {
      params: orgParam,
      querystring: notificationListQuery,
      response: { 200: notificationListResponse },
    }),
    (request) => listNotifications(app.db, request.auth, request.query),
  );
  app.post(
    `${base}/:id/mark-as-read`,
    route('notification.read', {
      params: orgParam.extend({ id: idParam.shape.id }),
      response: { 200: notificationItem },
    }),
    (request) => markAsRead(app.db, request.auth, request.params.id),
  );
};
