import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, listResponse, orgParam, reminderBody, reminderListQuery, reminderResponse } from '@oficina/contracts';
import { createReminder, getReminder, listReminders, updateReminder } from './reminders.service.ts';

const itemParams = orgParam.extend({ id: idParam.shape.id });
// Organizations without the reminders feature (102) get 403 on every route.
const access = { access: { admin: true, feature: 'reminders' as const } };
const tags = ['reminders'];

export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/reminders',
    {
      schema: {
        tags,
        params: orgParam,
        querystring: reminderListQuery,
        response: { 200: listResponse(reminderResponse) },
      },
      config: access,
    },
    (request) => listReminders(app.db, request.auth.organizationId, request.query),
  );
  app.get(
    '/organizations/:orgId/reminders/actives',
    {
      schema: {
        tags,
        summary: 'Lembretes ativos (para agendar em orçamentos)',
        params: orgParam,
        querystring: reminderListQuery,
        response: { 200: listResponse(reminderResponse) },
      },
      config: access,
    },
    (request) => listReminders(app.db, request.auth.organizationId, request.query, true),
  );
  app.post(
    '/organizations/:orgId/reminders',
    { schema: { tags, params: orgParam, body: reminderBody, response: { 201: reminderResponse } }, config: access },
    async (request, reply) =>
      reply.code(201).send(await createReminder(app.db, request.auth.organizationId, request.body)),
  );
  app.get(
    '/organizations/:orgId/reminders/:id',
    { schema: { tags, params: itemParams, response: { 200: reminderResponse } }, config: access },
    (request) => getReminder(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    '/organizations/:orgId/reminders/:id',
    { schema: { tags, params: itemParams, body: reminderBody, response: { 200: reminderResponse } }, config: access },
    (request) => updateReminder(app.db, request.auth.organizationId, request.params.id, request.body),
  );
};
