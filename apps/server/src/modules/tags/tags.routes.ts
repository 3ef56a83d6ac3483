import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, listResponse, orgParam, tagBody, tagListQuery, tagResponse } from '@oficina/contracts';
import { createTag, getTag, listTags, updateTag } from './tags.service.ts';

const itemParams = orgParam.extend({ id: idParam.shape.id });
const admin = { access: { admin: true } };
const tags = ['tags'];

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/tags',
    {
      schema: { tags, params: orgParam, querystring: tagListQuery, response: { 200: listResponse(tagResponse) } },
      config: admin,
    },
    (request) => listTags(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    '/organizations/:orgId/tags',
    { schema: { tags, params: orgParam, body: tagBody, response: { 201: tagResponse } }, config: admin },
    async (request, reply) => reply.code(201).send(await createTag(app.db, request.auth.organizationId, request.body)),
  );
  app.get(
    '/organizations/:orgId/tags/:id',
    { schema: { tags, params: itemParams, response: { 200: tagResponse } }, config: admin },
    (request) => getTag(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    '/organizations/:orgId/tags/:id',
    { schema: { tags, params: itemParams, body: tagBody, response: { 200: tagResponse } }, config: admin },
    (request) => updateTag(app.db, request.auth.organizationId, request.params.id, request.body),
  );
};
