import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceBody, serviceListQuery, serviceResponse } from '@ordem-certa/contracts';
import { byActor, registerRoutes, registerRouteSchemas } from '../../core/registers/register-routes.ts';
import { archiveService, createService, getService, listServices, updateService } from './services.service.ts';

const route = registerRouteSchemas(
  'services',
  { query: serviceListQuery, body: serviceBody, response: serviceResponse },
  { read: { can: 'service.see' }, write: { can: 'service.manage' } },
);

export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, route, byActor, {
    list: listServices,
    create: createService,
    get: getService,
    update: updateService,
  });
  app.delete(
    `${route.path}/:id`,
    {
      schema: { tags: route.tags, summary: 'Retira o serviço (arquiva)', params: route.get.schema.params },
      config: { access: { can: 'service.manage' } },
    },
    async (request, reply) => {
      await archiveService(app.db, request.auth.organizationId, request.params.id);
      return reply.code(204).send();
    },
  );
};
