import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firstStepsResponse, orgParam } from '@ordem-certa/contracts';
import { routeOptions } from '../../plugins/route-options.ts';
import { dismissFirstSteps, firstSteps } from './first-steps.service.ts';

const route = routeOptions('first-steps');

/** The first home's checklist of a new shop, for who manages the organization. */
export const firstStepsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/first-steps',
    route('organization.manage', {
      summary: 'Os primeiros passos de uma empresa nova e quais a organização já fez',
      params: orgParam,
      response: { 200: firstStepsResponse },
    }),
    (request) => firstSteps(app.db, request.auth.organizationId),
  );
  app.post(
    '/organizations/:orgId/first-steps/dismiss',
    route('organization.manage', {
      summary: 'Dispensar a lista de primeiros passos do início',
      params: orgParam,
      response: { 200: firstStepsResponse },
    }),
    (request) => dismissFirstSteps(app.db, request.auth.organizationId),
  );
};
