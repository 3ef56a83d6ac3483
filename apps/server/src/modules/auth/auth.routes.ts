import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBody,
  loginBody,
  loginTwoFactorBody,
  loginTwoFactorResponse,
  loginTwoFactorSetupBody,
  messages,
  twoFactorSetupResponse,
  loginResponse,
  meResponse,
  permissionNames,
  passwordResetBody,
  passwordResetConfirmBody,
  passwordResetMessages,
  messageResponse,
} from '@ordem-certa/contracts';
import { accountMailDeps, type AccountMailDeps } from '../../core/access/account-mail.ts';
import { clientOf } from '../../core/access/client.ts';
import { readCookie, serializeCookie } from '../../lib/cookies.ts';
import { loginTwoFactor, REMEMBER_COOKIE, REMEMBER_DAYS, setupDuringLogin } from './login-two-factor.ts';
import { getMe, login } from './auth.service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.ts';
import { assertFound } from '../../core/access/access.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('auth');

/** Asking for or using reset links: a person needs a few a minute; a script gets 429. */
const resetRateLimit = {
  max: 10,
  timeWindow: '1 minute',
  errorResponseBuilder: () => ({ statusCode: 429, errors: [messages.tooManyRequests] }),
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailDeps = (log: AccountMailDeps['log']) => accountMailDeps(app, log);

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
    async (request) =>
      login({ ...mailDeps(request.log), tokens: app.tokens }, request.body, {
        ...clientOf(request),
        remembered: readCookie(request, REMEMBER_COOKIE),
      }),
  );

  app.post(
    '/login/two-factor',
    route(
      'public',
      {
        summary: 'Segunda etapa do login: o código do aplicativo (ou um código de recuperação) dá o token',
        body: loginTwoFactorBody,
        response: { 200: loginTwoFactorResponse },
      },
      { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } },
    ),
    async (request, reply) => {
      const deps = { ...mailDeps(request.log), tokens: app.tokens };
      const { token, recoveryCodes, remember } = await loginTwoFactor(deps, request.body, clientOf(request));
      if (remember) {
        reply.header(
          'set-cookie',
          serializeCookie(REMEMBER_COOKIE, remember, {
            path: '/api/login',
            maxAgeSeconds: REMEMBER_DAYS * 86_400,
            secure: request.protocol === 'https',
          }),
        );
      }
      return recoveryCodes ? { token, recoveryCodes } : { token };
    },
  );

  app.post(
    '/login/two-factor/setup',
    route(
      'public',
      {
        summary: 'Ativar a verificação em duas etapas durante o login, quando a organização a exige',
        body: loginTwoFactorSetupBody,
        response: { 200: twoFactorSetupResponse },
      },
      { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } },
    ),
    (request) => setupDuringLogin(app.db, request.body.challenge),
  );

  app.post(
    '/password-reset',
    route(
      'public',
      {
        summary: 'Pedir o link para criar uma nova senha (sempre 202: não diz se o e-mail existe)',
        body: passwordResetBody,
        response: { 202: messageResponse },
      },
      { rateLimit: resetRateLimit },
    ),
    async (request, reply) => {
      requestPasswordReset(mailDeps(request.log), request.body);
      return reply.code(202).send({ message: passwordResetMessages.requested });
    },
  );

  app.post(
    '/password-reset/confirm',
    route(
      'public',
      {
        summary: 'Criar a nova senha com o link do e-mail (encerra as outras sessões)',
        body: passwordResetConfirmBody,
        response: { 200: messageResponse, 410: errorBody.describe('O link expirou ou já foi usado') },
      },
      { rateLimit: resetRateLimit },
    ),
    async (request) => {
      await confirmPasswordReset(app, request.body);
      return { message: passwordResetMessages.done };
    },
  );

  app.get(
    '/me',
    route('organization.see', {
      summary: 'O usuário logado e os recursos da organização',
      response: { 200: meResponse },
    }),
    async (request) => {
      const me = assertFound(await getMe(app.db, request.auth.userId, request.auth.organizationId));
      const roles = [me.role];
      return {
        id: me.id,
        name: me.name,
        email: me.email,
        roles,
        permissions: permissionNames.filter((p) => request.auth.permissions.has(p)),
        organization: {
          id: me.orgId,
          name: me.orgName,
          timeZone: me.timeZone,
          features: me.features,
          verified: me.verifiedAt !== null,
        },
        mapTilesUrl: app.config.mapTilesUrl ?? null,
      };
    },
  );
};
