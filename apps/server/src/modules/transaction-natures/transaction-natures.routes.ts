import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  listResponse,
  orgParam,
  transactionNatureBody,
  transactionNatureListQuery,
  transactionNatureResponse,
} from '@oficina/contracts';
import {
  createTransactionNature,
  getTransactionNature,
  listTransactionNatures,
  updateTransactionNature,
} from './transaction-natures.service.ts';

const itemParams = orgParam.extend({ id: idParam.shape.id });
const admin = { access: { admin: true } };
const tags = ['transaction-natures'];

export const transactionNatureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/transaction-natures',
    {
      schema: {
        tags,
        params: orgParam,
        querystring: transactionNatureListQuery,
        response: { 200: listResponse(transactionNatureResponse) },
      },
      config: admin,
    },
    (request) => listTransactionNatures(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    '/organizations/:orgId/transaction-natures',
    {
      schema: { tags, params: orgParam, body: transactionNatureBody, response: { 201: transactionNatureResponse } },
      config: admin,
    },
    async (request, reply) =>
      reply.code(201).send(await createTransactionNature(app.db, request.auth.organizationId, request.body)),
  );
  app.get(
    '/organizations/:orgId/transaction-natures/:id',
    { schema: { tags, params: itemParams, response: { 200: transactionNatureResponse } }, config: admin },
    (request) => getTransactionNature(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    '/organizations/:orgId/transaction-natures/:id',
    {
      schema: { tags, params: itemParams, body: transactionNatureBody, response: { 200: transactionNatureResponse } },
      config: admin,
    },
    (request) => updateTransactionNature(app.db, request.auth.organizationId, request.params.id, request.body),
  );
};
