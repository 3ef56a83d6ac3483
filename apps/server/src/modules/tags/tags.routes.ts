import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagBody, tagListQuery, tagResponse } from '@ordem-certa/contracts';
import { registerRouteSchemas } from '../../core/registers/register-routes.ts';
import { createTag, getTag, listTags, updateTag } from './tags.service.ts';

const route = registerRouteSchemas(
  'tags',
  { query: tagListQuery, body: tagBody, response: tagResponse },
  { all: { admin: true } },
);

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const path = '/organizations/:orgId/tags';
  app.get(path, route.list, (request) => listTags(app.db, request.auth.organizationId, request.query));
  app.post(path, route.create, async (request, reply) =>
    reply.code(201).send(await createTag(app.db, request.auth.organizationId, request.body)),
  );
  app.get(`${path}/:id`, route.get, (request) => getTag(app.db, request.auth.organizationId, request.params.id));
  app.put(`${path}/:id`, route.update, (request) =>
    updateTag(app.db, request.auth.organizationId, request.params.id, request.body),
  );
};
