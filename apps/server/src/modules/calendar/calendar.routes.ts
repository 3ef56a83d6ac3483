import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarLinkResponse, calendarLinkStatus, orgParam } from '@oficina/contracts';
import { notFound } from '../../plugins/errors.ts';
import {
  calendarFeed,
  calendarLinkStatus as linkStatus,
  createCalendarLink,
  revokeCalendarLink,
} from './calendar.service.ts';

const tags = ['profile'];

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const appUrl = () => app.config.appUrl ?? 'http://localhost:3000';

  app.get(
    '/organizations/:orgId/profile/calendar-link',
    {
      schema: {
        tags,
        summary: 'Diz se o link da agenda (iCalendar) está ativo',
        params: orgParam,
        response: { 200: calendarLinkStatus },
      },
    },
    (request) => linkStatus(app.db, request.auth.userId),
  );

  app.post(
    '/organizations/:orgId/profile/calendar-link',
    {
      schema: {
        tags,
        summary: 'Cria o link privado da agenda (o anterior deixa de funcionar)',
        params: orgParam,
        response: { 201: calendarLinkResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await createCalendarLink(app.db, request.auth.userId, appUrl())),
  );

  app.delete(
    '/organizations/:orgId/profile/calendar-link',
    { schema: { tags, summary: 'Desativa o link da agenda', params: orgParam } },
    async (request, reply) => {
      await revokeCalendarLink(app.db, request.auth.userId);
      return reply.code(204).send();
    },
  );

  // Public: the calendar app fetches the feed with the token in the address, without a login.
  app.get(
    '/calendar/:token',
    {
      schema: {
        tags,
        summary: 'A agenda de visitas em iCalendar (assinada pelo Google Agenda ou pelo celular)',
        params: z.object({ token: z.string().max(200) }),
      },
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const feed = await calendarFeed(app.db, request.params.token.replace(/\.ics$/, ''), appUrl());
      if (feed === undefined) throw notFound();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="agenda.ics"')
        .header('cache-control', 'private, max-age=300')
        .send(feed);
    },
  );
};
