import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  invoiceStatusBody,
  invoiceStatusListQuery,
  invoiceStatusResponse,
  listResponse,
  orgParam,
} from '@oficina/contracts';
import {
  createInvoiceStatus,
  getInvoiceStatus,
  listInvoiceStatuses,
  updateInvoiceStatus,
} from './invoice-statuses.service.ts';

const itemParams = orgParam.extend({ id: idParam.shape.id });
const admin = { access: { admin: true } };
const tags = ['invoice-statuses'];

export const invoiceStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  // Readable by every user: collaborators work orders through their states, and blocking or
  // canceling one asks for a reason among these. Writing them is for admins.
  app.get(
    '/organizations/:orgId/invoice-statuses',
    {
      schema: {
        tags,
        params: orgParam,
        querystring: invoiceStatusListQuery,
        response: { 200: listResponse(invoiceStatusResponse) },
      },
    },
    (request) => listInvoiceStatuses(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    '/organizations/:orgId/invoice-statuses',
    {
      schema: { tags, params: orgParam, body: invoiceStatusBody, response: { 201: invoiceStatusResponse } },
      config: admin,
    },
    async (request, reply) =>
      reply.code(201).send(await createInvoiceStatus(app.db, request.auth.organizationId, request.body)),
  );
  app.get(
    '/organizations/:orgId/invoice-statuses/:id',
    { schema: { tags, params: itemParams, response: { 200: invoiceStatusResponse } }, config: admin },
    (request) => getInvoiceStatus(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    '/organizations/:orgId/invoice-statuses/:id',
    {
      schema: { tags, params: itemParams, body: invoiceStatusBody, response: { 200: invoiceStatusResponse } },
      config: admin,
    },
    (request) => updateInvoiceStatus(app.db, request.auth.organizationId, request.params.id, request.body),
  );
};
