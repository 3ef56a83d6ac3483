import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarLinkResponse, calendarLinkStatus, orgParam } from '@ordem-certa/contracts';
import { calendarLinkStatus as linkStatus, createCalendarLink, revokeCalendarLink } from './calendar.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('profile');

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const appUrl = () => app.config.appUrl ?? 'http://localhost:3000';

  app.get(
    '/organizations/:orgId/profile/calendar-link',
    route('profile.manage', {
      summary: 'Diz se o link da agenda (iCalendar) está ativo',
      params: orgParam,
      response: { 200: calendarLinkStatus },
    }),
    (request) => linkStatus(app.db, request.auth.userId),
  );

  app.post(
    '/organizations/:orgId/profile/calendar-link',
    route('profile.manage', {
      summary: 'Cria o link privado da agenda (o anterior deixa de funcionar)',
      params: orgParam,
      response: { 201: calendarLinkResponse },
    }),
    async (request, reply) => reply.code(201).send(await createCalendarLink(app.db, request.auth.userId, appUrl())),
  );

  app.delete(
    '/organizations/:orgId/profile/calendar-link',
    route('profile.manage', { summary: 'Desativa o link da agenda', params: orgParam }),
    async (request, reply) => {
      await revokeCalendarLink(app.db, request.auth.userId);
      return reply.code(204).send();
    },
  );
};
