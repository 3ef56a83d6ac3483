import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBody,
  orgParam,
  signupBody,
  signupMessages,
  signupResponse,
  signupStatusResponse,
  verifyEmailBody,
  messageResponse,
} from '@ordem-certa/contracts';
import { accountMailDeps, type AccountMailDeps } from '../../core/access/account-mail.ts';
import { clientOf } from '../../core/access/client.ts';
import { confirmEmail } from '../../core/access/email-verification.ts';
import { routeOptions } from '../../plugins/route-options.ts';
import { resendVerification, signup } from './signup.service.ts';

const route = routeOptions('signup');

/** New shops from one address in an hour: a person makes one or two; a script gets 429. */
export const SIGNUPS_PER_ADDRESS_PER_HOUR = 10;

/**
 * Sign-up without the command line: open unless SIGNUP=closed. The form's own CNPJ lookup is the
 * lookups' public route; confirming the e-mail is the link's token, and asking for a new link is the
 * signed-in owner's.
 */
export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = app.config.signup !== 'closed';
  const mailDeps = (log: AccountMailDeps['log']) => accountMailDeps(app, log);

  app.get(
    '/signup',
    route('public', {
      summary: 'Se esta instalação aceita cadastros de novas empresas',
      response: { 200: signupStatusResponse },
    }),
    async () => ({ open }),
  );

  app.post(
    '/signup',
    route(
      'public',
      {
        summary: 'Criar a conta de uma nova empresa: organização, empresa, dono e cadastros iniciais',
        body: signupBody,
        response: {
          201: signupResponse,
          403: errorBody.describe('O cadastro está fechado (SIGNUP=closed)'),
        },
      },
      {
        rateLimit: {
          max: SIGNUPS_PER_ADDRESS_PER_HOUR,
          timeWindow: '1 hour',
          errorResponseBuilder: () => ({ statusCode: 429, errors: [signupMessages.tooMany] }),
        },
      },
    ),
    async (request, reply) => {
      const answer = await signup(
        { ...mailDeps(request.log), tokens: app.tokens, open },
        request.body,
        clientOf(request),
      );
      return reply.code(201).header('cache-control', 'no-store').send(answer);
    },
  );

  app.post(
    '/signup/verify',
    route(
      'public',
      {
        summary: 'Confirmar o e-mail do dono com o link enviado',
        body: verifyEmailBody,
        response: { 200: messageResponse, 410: errorBody.describe('O link expirou ou não vale mais') },
      },
      { rateLimit: { max: 30, timeWindow: '1 minute' } },
    ),
    async (request) => {
      await confirmEmail(app, request.body.token);
      return { message: signupMessages.verified };
    },
  );

  app.post(
    '/organizations/:orgId/email-verification',
    route('organization.manage', {
      summary: 'Enviar de novo o link que confirma o e-mail de quem pede',
      params: orgParam,
      response: { 202: messageResponse, 429: errorBody.describe('Links pedidos demais na última hora') },
    }),
    async (request, reply) => reply.code(202).send(await resendVerification(mailDeps(request.log), request.auth)),
  );
};
