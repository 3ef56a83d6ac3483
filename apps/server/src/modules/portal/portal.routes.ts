import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId, portalMe as portalMeSchema, portalSendResponse } from '@ordem-certa/contracts';
import { routeOptions } from '../../plugins/route-options.ts';
import { linkRateLimit } from '../../core/documents/pdf-links.ts';
import { endPortalSession, portalMe, sendPortalAccess, type PortalMailDeps } from './portal-access.service.ts';

/** The deps of the portal's e-mails, from the app. */
export const portalDeps = (app: Parameters<FastifyPluginAsyncZod>[0], log: PortalMailDeps['log']): PortalMailDeps => ({
  db: app.db,
  storage: app.storage,
  mailer: app.mailer,
  mailFrom: app.mailFrom,
  appUrl: app.config.appUrl ?? 'http://localhost:3000',
  log,
});

/** The office's side of the portal ('Enviar acesso'), and the customer's session (me, 'Sair'). */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  const office = routeOptions('customers');
  app.post(
    '/organizations/:orgId/customers/:id/portal-access',
    office(
      'customer.edit',
      {
        summary: 'Enviar ao cliente o link de acesso à área do cliente (vale 30 minutos, uma vez)',
        params: z.object({ orgId: pathId(), id: pathId() }),
        response: { 202: portalSendResponse },
      },
      { rateLimit: linkRateLimit(30) },
    ),
    async (request, reply) =>
      reply
        .code(202)
        .send(await sendPortalAccess(portalDeps(app, request.log), request.auth.organizationId, request.params.id)),
  );

  const portal = routeOptions('portal');
  app.get(
    '/portal/me',
    portal('portal', {
      summary: 'O cliente da sessão da área do cliente, e a empresa',
      response: { 200: portalMeSchema },
    }),
    (request) => portalMe(portalDeps(app, request.log), request.portal),
  );
  app.delete(
    '/portal/session',
    portal('portal', { summary: 'Sair: encerra a sessão da área do cliente neste aparelho' }),
    async (request, reply) => {
      await endPortalSession(app.db, request.portal);
      return reply.code(204).send();
    },
  );
};
