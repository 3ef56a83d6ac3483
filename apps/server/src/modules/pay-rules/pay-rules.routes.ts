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

const tags = ['users'];
const base = '/admin/organizations/:orgId/users/:id/pay-rules';

/** A collaborator's pay rules (admin): the versions and the initial rule, add a version, remove one. */
export const payRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'Regras de pagamento do colaborador: as versões (a mais recente primeiro) e a regra inicial',
        params: payRuleUserParams,
        querystring: payRulesQuery,
        response: { 200: payRulesResponse },
      },
      config: { access: { can: 'commission.manage' } },
    },
    (request) => listPayRules(app.db, request.auth.organizationId, request.params.id, request.query),
  );
  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Nova versão da regra a partir de uma data (substitui a versão do mesmo dia)',
        params: payRuleUserParams,
        body: createPayRuleBody,
        response: { 201: payRule },
      },
      config: { access: { can: 'commission.manage' } },
    },
    async (request, reply) =>
      reply.code(201).send(await createPayRule(app.db, request.auth, request.params.id, request.body)),
  );
  app.delete(
    `${base}/:ruleId`,
    {
      schema: { tags, summary: 'Remove uma versão da regra', params: payRuleParams },
      config: { access: { can: 'commission.manage' } },
    },
    async (request, reply) => {
      await removePayRule(app.db, request.auth, request.params.id, request.params.ruleId);
      return reply.code(204).send();
    },
  );
};
