import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orgParam, organizationResponse, updateOrganizationBody } from '@ordem-certa/contracts';
import { getOrganization, updateOrganization } from './organizations.service.ts';

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId',
    {
      config: { access: { can: 'organization.see' } },
      schema: { tags: ['organizations'], params: orgParam, response: { 200: organizationResponse } },
    },
    (request) => getOrganization(app.db, request.auth.organizationId),
  );
  app.put(
    '/organizations/:orgId',
    {
      schema: {
        tags: ['organizations'],
        params: orgParam,
        body: updateOrganizationBody,
        response: { 200: organizationResponse },
      },
      config: { access: { can: 'organization.manage' } },
    },
    (request) => updateOrganization(app.db, request.auth.organizationId, request.body),
  );
};
