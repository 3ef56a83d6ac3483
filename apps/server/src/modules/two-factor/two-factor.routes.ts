import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmTwoFactorBody,
  disableTwoFactorBody,
  idParam,
  orgParam,
  recoveryCodesResponse,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
} from '@ordem-certa/contracts';
import {
  beginEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  resetTwoFactor,
  twoFactorStatus,
} from './two-factor.service.ts';
import { accountMailDeps } from '../../core/access/account-mail.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('profile');
const base = '/organizations/:orgId/profile/two-factor';

/** The logged user's own second factor, and an admin's reset of another user's. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    route('profile.manage', {
      summary: 'A verificação em duas etapas do usuário',
      params: orgParam,
      response: { 200: twoFactorStatusResponse },
    }),
    (request) => twoFactorStatus(app.db, request.auth),
  );
  app.post(
    base,
    route('profile.manage', {
      summary: 'Começar a ativar: um segredo novo e o QR code (vale depois de confirmar com um código)',
      params: orgParam,
      response: { 200: twoFactorSetupResponse },
    }),
    (request) => beginEnrolment(app.db, request.auth),
  );
  app.post(
    `${base}/confirm`,
    route('profile.manage', {
      summary: 'Confirmar com o primeiro código: ativa e devolve os dez códigos de recuperação (uma vez)',
      params: orgParam,
      body: confirmTwoFactorBody,
      response: { 200: recoveryCodesResponse },
    }),
    (request) => confirmEnrolment(app.db, request.auth, request.body),
  );
  app.delete(
    base,
    route('profile.manage', {
      summary: 'Desativar (com a senha e um código)',
      params: orgParam,
      body: disableTwoFactorBody,
    }),
    async (request, reply) => {
      await disableTwoFactor(app.db, request.auth, request.body);
      return reply.code(204).send();
    },
  );
  app.delete(
    '/admin/organizations/:orgId/users/:id/two-factor',
    routeOptions('users')(
      { can: 'user.manage' },
      {
        summary: 'Remover a verificação em duas etapas de um usuário (o usuário recebe um e-mail)',
        params: orgParam.extend(idParam.shape),
      },
    ),
    async (request, reply) => {
      await resetTwoFactor(app.db, accountMailDeps(app, request.log), request.auth, request.params.id);
      return reply.code(204).send();
    },
  );
};
