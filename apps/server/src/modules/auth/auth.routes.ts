import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBody,
  isAdminRoles,
  loginBody,
  messages,
  loginResponse,
  meResponse,
  passwordResetBody,
  passwordResetConfirmBody,
  passwordResetMessages,
} from '@ordem-certa/contracts';
import type { AccountMailDeps } from './account-mail.ts';
import { getMe, login } from './auth.service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.ts';
import { assertFound } from '../../core/access/access.ts';

const messageResponse = z.object({ message: z.string() });
/** Asking for or using reset links: a person needs a few a minute; a script gets 429. */
const resetRateLimit = {
  max: 10,
  timeWindow: '1 minute',
  errorResponseBuilder: () => ({ statusCode: 429, errors: [messages.tooManyRequests] }),
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailDeps = (log: AccountMailDeps['log']): AccountMailDeps => ({
    db: app.db,
    links: app.links,
    mailer: app.mailer,
    mailFrom: app.mailFrom,
    appUrl: app.config.appUrl ?? 'http://localhost:3000',
    log,
  });

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
      // The answer carries a login token: no browser or proxy keeps it (refusals neither).
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
    },
    async (request) => ({
      token: await login({ ...mailDeps(request.log), tokens: app.tokens }, request.body, request.ip),
    }),
  );

  app.post(
    '/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Pedir o link para criar uma nova senha (sempre 202: não diz se o e-mail existe)',
        body: passwordResetBody,
        response: { 202: messageResponse },
      },
      config: { access: 'public', rateLimit: resetRateLimit },
    },
    async (request, reply) => {
      requestPasswordReset(mailDeps(request.log), request.body);
      return reply.code(202).send({ message: passwordResetMessages.requested });
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Criar a nova senha com o link do e-mail (encerra as outras sessões)',
        body: passwordResetConfirmBody,
        response: { 200: messageResponse, 410: errorBody.describe('O link expirou ou já foi usado') },
      },
      config: { access: 'public', rateLimit: resetRateLimit },
    },
    async (request) => {
      await confirmPasswordReset(app, request.body);
      return { message: passwordResetMessages.done };
    },
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
        organization: { id: me.orgId, name: me.orgName, timeZone: me.timeZone, features: me.features },
      };
    },
  );
};
