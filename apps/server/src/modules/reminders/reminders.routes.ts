import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reminderBody, reminderListQuery, reminderResponse } from '@ordem-certa/contracts';
import { byOrganization, registerRoutes, registerRouteSchemas } from '../../core/registers/register-routes.ts';
import { createReminder, getReminder, listReminders, updateReminder } from './reminders.service.ts';

// Organizations without the reminders feature get 403 on every route.
const route = registerRouteSchemas(
  'reminders',
  { query: reminderListQuery, body: reminderBody, response: reminderResponse },
  {
    read: { can: 'reminder.manage', feature: 'reminders' },
    write: { can: 'reminder.manage', feature: 'reminders' },
  },
);

export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, route, byOrganization, {
    list: listReminders,
    create: createReminder,
    get: getReminder,
    update: updateReminder,
  });
  app.get(
    `${route.path}/actives`,
    {
      ...route.list,
      schema: { ...route.list.schema, summary: 'Lembretes ativos (para agendar em orçamentos)' },
      config: { access: { can: 'estimate.edit', feature: 'reminders' } },
    },
    (request) => listReminders(app.db, request.auth.organizationId, request.query, true),
  );
};
