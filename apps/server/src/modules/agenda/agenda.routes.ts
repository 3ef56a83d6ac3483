import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agendaParams,
  agendaQuery,
  agendaResponse,
  moveVisitBody,
  moveVisitResponse,
  orgParam,
  unscheduledQuery,
  unscheduledResponse,
} from '@ordem-certa/contracts';
import { listAgenda, listUnscheduled, moveVisit } from './agenda.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('agenda');

export const agendaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/agenda',
    route('invoice.see', {
      summary: 'As visitas agendadas de um período (o técnico vê só as suas)',
      params: orgParam,
      querystring: agendaQuery,
      response: { 200: agendaResponse },
    }),
    (request) => listAgenda(app.db, request.auth, request.query),
  );

  app.get(
    '/organizations/:orgId/agenda/unscheduled',
    route('invoice.schedule', {
      summary: 'Ordens abertas ainda sem visita agendada',
      params: orgParam,
      querystring: unscheduledQuery,
      response: { 200: unscheduledResponse },
    }),
    (request) => listUnscheduled(app.db, request.auth, request.query),
  );

  app.put(
    '/organizations/:orgId/agenda/:invoiceId',
    route('invoice.schedule', {
      summary: 'Reagenda a visita (e a passa de um técnico para outro)',
      params: agendaParams,
      body: moveVisitBody,
      response: { 200: moveVisitResponse },
    }),
    (request) => moveVisit(app.db, request.auth, request.params.invoiceId, request.body),
  );
};
