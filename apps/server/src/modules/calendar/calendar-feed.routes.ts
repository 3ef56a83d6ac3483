import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { calendarFeed } from './calendar.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('profile');

/** A technician's visits as an iCalendar feed, reached with the token in its address (no login). */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/:token',
    route(
      'public',
      {
        summary: 'A agenda de visitas em iCalendar (assinada pelo Google Agenda ou pelo celular)',
        params: z.object({ token: z.string().max(200) }),
      },
      { rateLimit: { max: 60, timeWindow: '1 minute' } },
    ),
    async (request, reply) => {
      const appUrl = app.config.appUrl ?? 'http://localhost:3000';
      const feed = await calendarFeed(app.db, request.params.token.replace(/\.ics$/, ''), appUrl);
      if (feed === undefined) throw notFound();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="agenda.ics"')
        .header('cache-control', 'private, max-age=300')
        .send(feed);
    },
  );
};
