import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orgParam, organizationResponse, updateOrganizationBody } from '@ordem-certa/contracts';
import { getOrganization, updateOrganization } from './organizations.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('organizations');

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId',
    route('organization.see', { params: orgParam, response: { 200: organizationResponse } }),
    (request) => getOrganization(app.db, request.auth.organizationId),
  );
  app.put(
    '/organizations/:orgId',
    route('organization.manage', {
      params: orgParam,
      body: updateOrganizationBody,
      response: { 200: organizationResponse },
    }),
    (request) => updateOrganization(app.db, request.auth.organizationId, request.body),
  );
};
