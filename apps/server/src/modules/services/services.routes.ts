import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, listResponse, orgParam, serviceBody, serviceListQuery, serviceResponse } from '@oficina/contracts';
import { archiveService, createService, getService, listServices, updateService } from './services.service.ts';

const itemParams = orgParam.extend({ id: idParam.shape.id });
const admin = { access: { admin: true } };
const tags = ['services'];

export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/services',
    {
      schema: {
        tags,
        params: orgParam,
        querystring: serviceListQuery,
        response: { 200: listResponse(serviceResponse) },
      },
      config: admin,
    },
    (request) => listServices(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    '/organizations/:orgId/services',
    { schema: { tags, params: orgParam, body: serviceBody, response: { 201: serviceResponse } }, config: admin },
    async (request, reply) =>
      reply.code(201).send(await createService(app.db, request.auth.organizationId, request.body)),
  );
  app.get(
    '/organizations/:orgId/services/:id',
    { schema: { tags, params: itemParams, response: { 200: serviceResponse } }, config: admin },
    (request) => getService(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    '/organizations/:orgId/services/:id',
    { schema: { tags, params: itemParams, body: serviceBody, response: { 200: serviceResponse } }, config: admin },
    (request) => updateService(app.db, request.auth.organizationId, request.params.id, request.body),
  );
  app.delete(
    '/organizations/:orgId/services/:id',
    { schema: { tags, summary: 'Retira o serviço (arquiva)', params: itemParams }, config: admin },
    async (request, reply) => {
      await archiveService(app.db, request.auth.organizationId, request.params.id);
      return reply.code(204).send();
    },
  );
};
