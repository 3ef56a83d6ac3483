import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdminRoles, loginBody, loginResponse, meResponse } from '@oficina/contracts';
import { assertFound } from '../../plugins/auth.ts';
import { getMe, login } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Entrar com e-mail e senha',
        body: loginBody,
        response: { 200: loginResponse },
      },
      config: {
        access: 'public',
        rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request) => ({
      token: await login(
        {
          db: app.db,
          tokens: app.tokens,
          links: app.links,
          mailer: app.mailer,
          mailFrom: app.mailFrom,
          appUrl: app.config.appUrl ?? 'http://localhost:3000',
          log: request.log,
        },
        request.body,
        request.ip,
      ),
    }),
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'O usuário logado e os recursos da organização',
        response: { 200: meResponse },
      },
    },
    async (request) => {
      const me = assertFound(await getMe(app.db, request.auth.userId, request.auth.organizationId));
      const roles = [me.role];
      return {
        id: me.id,
        name: me.name,
        email: me.email,
        roles,
        isAdmin: isAdminRoles(roles),
        organization: { id: me.orgId, name: me.orgName, features: me.features },
      };
    },
  );
};
