import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reminderBody, reminderListQuery, reminderResponse } from '@ordem-certa/contracts';
import { registerRouteSchemas } from '../../core/registers/register-routes.ts';
import { createReminder, getReminder, listReminders, updateReminder } from './reminders.service.ts';

// Organizations without the reminders feature get 403 on every route.
const route = registerRouteSchemas(
  'reminders',
  { query: reminderListQuery, body: reminderBody, response: reminderResponse },
  { all: { admin: true, feature: 'reminders' } },
);

export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const path = '/organizations/:orgId/reminders';
  app.get(path, route.list, (request) => listReminders(app.db, request.auth.organizationId, request.query));
  app.get(
    `${path}/actives`,
    { ...route.list, schema: { ...route.list.schema, summary: 'Lembretes ativos (para agendar em orçamentos)' } },
    (request) => listReminders(app.db, request.auth.organizationId, request.query, true),
  );
  app.post(path, route.create, async (request, reply) =>
    reply.code(201).send(await createReminder(app.db, request.auth.organizationId, request.body)),
  );
  app.get(`${path}/:id`, route.get, (request) => getReminder(app.db, request.auth.organizationId, request.params.id));
  app.put(`${path}/:id`, route.update, (request) =>
    updateReminder(app.db, request.auth.organizationId, request.params.id, request.body),
  );
};
