import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceBody, serviceListQuery, serviceResponse } from '@ordem-certa/contracts';
import { registerRouteSchemas } from '../../core/registers/register-routes.ts';
import { archiveService, createService, getService, listServices, updateService } from './services.service.ts';

const route = registerRouteSchemas(
  'services',
  { query: serviceListQuery, body: serviceBody, response: serviceResponse },
  { read: { can: 'service.see' }, write: { can: 'service.manage' } },
);

export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const path = '/organizations/:orgId/services';
  app.get(path, route.list, (request) => listServices(app.db, request.auth, request.query));
  app.delete(
    `${path}/:id`,
    {
      schema: { tags: route.tags, summary: 'Retira o serviço (arquiva)', params: route.get.schema.params },
      config: { access: { can: 'service.manage' } },
    },
    async (request, reply) => {
      await archiveService(app.db, request.auth.organizationId, request.params.id);
      return reply.code(204).send();
    },
  );
  app.post(path, route.create, async (request, reply) =>
    reply.code(201).send(await createService(app.db, request.auth, request.body)),
  );
  app.get(`${path}/:id`, route.get, (request) => getService(app.db, request.auth, request.params.id));
  app.put(`${path}/:id`, route.update, (request) =>
    updateService(app.db, request.auth, request.params.id, request.body),
  );
};
