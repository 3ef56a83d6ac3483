import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionNatureBody, transactionNatureListQuery, transactionNatureResponse } from '@ordem-certa/contracts';
import { registerRouteSchemas } from '../../core/registers/register-routes.ts';
import {
  createTransactionNature,
  getTransactionNature,
  listTransactionNatures,
  updateTransactionNature,
} from './transaction-natures.service.ts';

const route = registerRouteSchemas(
  'transaction-natures',
  { query: transactionNatureListQuery, body: transactionNatureBody, response: transactionNatureResponse },
  { all: { admin: true } },
);

export const transactionNatureRoutes: FastifyPluginAsyncZod = async (app) => {
  const path = '/organizations/:orgId/transaction-natures';
  app.get(path, route.list, (request) => listTransactionNatures(app.db, request.auth.organizationId, request.query));
  app.post(path, route.create, async (request, reply) =>
    reply.code(201).send(await createTransactionNature(app.db, request.auth.organizationId, request.body)),
  );
  app.get(`${path}/:id`, route.get, (request) =>
    getTransactionNature(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(`${path}/:id`, route.update, (request) =>
    updateTransactionNature(app.db, request.auth.organizationId, request.params.id, request.body),
  );
};
