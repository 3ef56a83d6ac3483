import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPayRuleBody,
  payRule,
  payRuleParams,
  payRulesQuery,
  payRulesResponse,
  payRuleUserParams,
} from '@ordem-certa/contracts';
import { createPayRule, listPayRules, removePayRule } from './pay-rules.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('users');
const base = '/admin/organizations/:orgId/users/:id/pay-rules';

/** A collaborator's pay rules (admin): the versions and the initial rule, add a version, remove one. */
export const payRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    route('commission.manage', {
      summary: 'Regras de pagamento do colaborador: as versões (a mais recente primeiro) e a regra inicial',
      params: payRuleUserParams,
      querystring: payRulesQuery,
      response: { 200: payRulesResponse },
    }),
    (request) => listPayRules(app.db, request.auth.organizationId, request.params.id, request.query),
  );
  app.post(
    base,
    route('commission.manage', {
      summary: 'Nova versão da regra a partir de uma data (substitui a versão do mesmo dia)',
      params: payRuleUserParams,
      body: createPayRuleBody,
      response: { 201: payRule },
    }),
    async (request, reply) =>
      reply.code(201).send(await createPayRule(app.db, request.auth, request.params.id, request.body)),
  );
  app.delete(
    `${base}/:ruleId`,
    route('commission.manage', { summary: 'Remove uma versão da regra', params: payRuleParams }),
    async (request, reply) => {
      await removePayRule(app.db, request.auth, request.params.id, request.params.ruleId);
      return reply.code(204).send();
    },
  );
};
