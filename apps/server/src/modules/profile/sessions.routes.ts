import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam, listQuery, orgParam, sessionsResponse, signInsResponse } from '@ordem-certa/contracts';
import { notFound } from '../../lib/errors.ts';
import { bearer, type TokenService } from '../../plugins/auth.ts';
import { listSessions, recentSignIns, revokeOtherSessions, revokeSession } from '../../core/access/sessions.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('profile');
const base = '/organizations/:orgId/profile/sessions';
const who = (request: FastifyRequest) => ({
  organizationId: request.auth.organizationId,
  userId: request.auth.userId,
});
/** The session of this request's token (the access check has already verified it). */
const currentSession = async (tokens: TokenService, request: FastifyRequest) =>
  (await tokens.verify(bearer(request)!)).sid;

/** The logged user's signed-in browsers and sign-in history. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    route('profile.manage', {
      summary: 'As sessões abertas do usuário (a desta requisição marcada)',
      params: orgParam,
      querystring: listQuery.omit({ q: true }),
      response: { 200: sessionsResponse },
    }),
    async (request) => listSessions(app.db, who(request), await currentSession(app.tokens, request), request.query),
  );
  app.delete(
    `${base}/:id`,
    route('profile.manage', {
      summary: 'Encerrar uma sessão: o token dela é recusado na próxima requisição',
      params: orgParam.extend(idParam.shape),
    }),
    async (request, reply) => {
      if (!(await revokeSession(app.db, who(request), request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );
  app.delete(
    base,
    route('profile.manage', {
      summary: 'Sair de todos os outros: encerra todas as sessões menos a desta requisição',
      params: orgParam,
      response: { 200: z.object({ ended: z.number().int() }) },
    }),
    async (request) => ({
      ended: await revokeOtherSessions(app.db, who(request), await currentSession(app.tokens, request)),
    }),
  );
  app.get(
    '/organizations/:orgId/profile/sign-ins',
    route('profile.manage', {
      summary: 'Os últimos 20 acessos e tentativas erradas, com endereço e horário',
      params: orgParam,
      response: { 200: signInsResponse },
    }),
    (request) => recentSignIns(app.db, who(request)),
  );
};
