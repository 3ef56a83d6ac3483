import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  createCustomerBody,
  customerListResponse,
  customerResponse,
  listQuery,
  orgParam,
  updateCustomerBody,
} from '@oficina/contracts';
import { schema } from '@oficina/db';
import { createParty, getParty, listParties, updateParty } from '../../lib/parties.ts';
import { deleteCustomer } from './customers.service.ts';

const params = orgParam.extend(idParam.shape);
const admin = { access: { admin: true } } as const;
const tags = ['customers'];

/** Customers. Their addresses and equipment are in the addresses and equipments modules. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/customers',
    {
      schema: { tags, params: orgParam, querystring: listQuery, response: { 200: customerListResponse } },
      config: admin,
    },
    (request) => listParties(app.db, schema.customers, request.auth.organizationId, request.query),
  );

  app.post(
    '/organizations/:orgId/customers',
    {
      schema: { tags, params: orgParam, body: createCustomerBody, response: { 201: customerResponse } },
      config: admin,
    },
    async (request, reply) =>
      reply.code(201).send(await createParty(app.db, schema.customers, request.auth.organizationId, request.body)),
  );

  app.get(
    '/organizations/:orgId/customers/:id',
    { schema: { tags, params, response: { 200: customerResponse } }, config: admin },
    (request) => getParty(app.db, schema.customers, request.auth.organizationId, request.params.id),
  );

  app.put(
    '/organizations/:orgId/customers/:id',
    { schema: { tags, params, body: updateCustomerBody, response: { 200: customerResponse } }, config: admin },
    (request) => updateParty(app.db, schema.customers, request.auth.organizationId, request.params.id, request.body),
  );

  app.delete(
    '/organizations/:orgId/customers/:id',
    { schema: { tags, params }, config: admin },
    async (request, reply) => {
      await deleteCustomer(app.db, request.auth.organizationId, request.params.id);
      return reply.code(204).send();
    },
  );
};
