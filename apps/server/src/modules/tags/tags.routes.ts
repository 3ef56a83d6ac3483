import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagBody, tagListQuery, tagResponse } from '@ordem-certa/contracts';
import { byOrganization, registerRoutes, registerRouteSchemas } from '../../core/registers/register-routes.ts';
import { createTag, getTag, listTags, updateTag } from './tags.service.ts';

const route = registerRouteSchemas(
  'tags',
  { query: tagListQuery, body: tagBody, response: tagResponse },
  { read: { can: 'tag.manage' }, write: { can: 'tag.manage' } },
);

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, route, byOrganization, { list: listTags, create: createTag, get: getTag, update: updateTag });
};
