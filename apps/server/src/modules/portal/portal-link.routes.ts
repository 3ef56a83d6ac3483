import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBody,
  messageResponse,
  portalAccessBody,
  portalBrand as portalBrandSchema,
  portalMessages,
  portalOrgParams,
  portalSessionBody,
  portalSessionResponse,
} from '@ordem-certa/contracts';
import { routeOptions } from '../../plugins/route-options.ts';
import { linkRateLimit } from '../../core/documents/pdf-links.ts';
import { openPortalSession, portalBrand, requestPortalAccess } from './portal-access.service.ts';
import { portalDeps } from './portal.routes.ts';

/**
 * The portal's public page ('Quero acessar'), with no login: the company it is painted as, the request
 * for a link (always 202) and the link's use, which opens a session. Limited per address.
 */
export const portalLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions('public');
  app.get(
    '/public/portal/:organizationId',
    route(
      'public',
      {
        summary: 'A empresa da página pública da área do cliente (nome, logo, cor)',
        security: [],
        params: portalOrgParams,
        response: { 200: portalBrandSchema },
      },
      { rateLimit: linkRateLimit(120) },
    ),
    (request) => portalBrand(portalDeps(app, request.log), request.params.organizationId),
  );
  app.post(
    '/public/portal/:organizationId/access',
    route(
      'public',
      {
        summary:
          'Quero acessar: o link de acesso vai ao e-mail ou, pelo celular, ao WhatsApp, se for de um cliente (sempre 202)',
        security: [],
        params: portalOrgParams,
        body: portalAccessBody,
        response: { 202: messageResponse },
      },
      { rateLimit: linkRateLimit(10) },
    ),
    async (request, reply) => {
      requestPortalAccess(portalDeps(app, request.log), request.params.organizationId, request.body);
      return reply.code(202).send({ message: portalMessages.requested });
    },
  );
  app.post(
    '/public/portal/sessions',
    route(
      'public',
      {
        summary: 'Usar o link de acesso: abre a sessão da área do cliente (30 dias neste aparelho)',
        security: [],
        body: portalSessionBody,
        response: { 200: portalSessionResponse, 410: errorBody.describe('O link expirou ou já foi usado') },
      },
      { rateLimit: linkRateLimit(20) },
    ),
    (request) => openPortalSession(app.db, request.body.token, request.headers['user-agent'] ?? ''),
  );
};
