import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionNatureBody, transactionNatureListQuery, transactionNatureResponse } from '@ordem-certa/contracts';
import { byOrganization, registerRoutes, registerRouteSchemas } from '../../core/registers/register-routes.ts';
import {
  createTransactionNature,
  getTransactionNature,
  listTransactionNatures,
  updateTransactionNature,
} from './transaction-natures.service.ts';

const route = registerRouteSchemas(
  'transaction-natures',
  { query: transactionNatureListQuery, body: transactionNatureBody, response: transactionNatureResponse },
  { read: { can: 'transactionNature.see' }, write: { can: 'transactionNature.manage' } },
);

export const transactionNatureRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, route, byOrganization, {
    list: listTransactionNatures,
    create: createTransactionNature,
    get: getTransactionNature,
    update: updateTransactionNature,
  });
};
