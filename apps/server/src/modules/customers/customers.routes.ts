import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  createCustomerBody,
  customerDetail,
  customerListResponse,
  customerResponse,
  listQuery,
  orgParam,
  updateCustomerBody,
} from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createParty, keptPartyList } from '../../core/registers/parties.ts';
import { keptAnswer } from '../../lib/kept-answers.ts';
import { zipStream } from '../../lib/zip.ts';
import { deleteCustomer, getCustomer, updateCustomer } from './customers.service.ts';
import { exportCustomerData } from './customer-export.service.ts';
import { anonymizeCustomer } from './customer-anonymize.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const params = orgParam.extend(idParam.shape);
const route = routeOptions('customers');

/** Customers. Their addresses and equipment are in the addresses and equipments modules. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/customers',
    route('customer.see', { params: orgParam, querystring: listQuery, response: { 200: customerListResponse } }),
    (request, reply) => keptPartyList(app.db, schema.customers, request, reply, request.query),
  );

  app.post(
    '/organizations/:orgId/customers',
    route('customer.create', { params: orgParam, body: createCustomerBody, response: { 201: customerResponse } }),
    async (request, reply) =>
      reply.code(201).send(await createParty(app.db, schema.customers, request.auth.organizationId, request.body)),
  );

  app.get(
    '/organizations/:orgId/customers/:id',
    route('customer.see', { params, response: { 200: customerDetail } }),
    // A customer's detail reads their row only: kept while no customer of the organization was changed.
    (request, reply) =>
      keptAnswer(app.db, request, reply, ['customers~'], () =>
        getCustomer(app.db, request.auth.organizationId, request.params.id),
      ),
  );

  app.put(
    '/organizations/:orgId/customers/:id',
    route('customer.edit', { params, body: updateCustomerBody, response: { 200: customerDetail } }),
    (request) => updateCustomer(app.db, request.auth.organizationId, request.params.id, request.body),
  );

  app.delete('/organizations/:orgId/customers/:id', route('customer.delete', { params }), async (request, reply) => {
    await deleteCustomer(app.db, request.auth.organizationId, request.params.id);
    return reply.code(204).send();
  });

  // LGPD (art. 18): the customer's data as a ZIP, and its anonymization.
  app.get(
    '/organizations/:orgId/customers/:id/export',
    route('customer.personalData', {
      params,
      summary: 'Exporta os dados pessoais do cliente (LGPD): um ZIP com data.json, fotos e assinaturas',
    }),
    async (request, reply) => {
      const { fileName, entries } = await exportCustomerData(app.db, app.storage, request.auth, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(zipStream(entries, (data) => app.tasks.deflate(request.auth.organizationId, data)));
    },
  );

  app.post(
    '/organizations/:orgId/customers/:id/anonymize',
    route('customer.personalData', {
      params,
      summary: 'Anonimiza o cliente (LGPD): apaga os dados pessoais e mantém ordens, valores e documentos fiscais',
      response: { 200: customerDetail },
    }),
    (request) =>
      anonymizeCustomer(
        { db: app.db, storage: app.storage, mailer: app.mailer, log: request.log },
        request.auth,
        request.params.id,
      ),
  );
};
