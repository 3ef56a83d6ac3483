import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceStatusBody, invoiceStatusListQuery, invoiceStatusResponse } from '@ordem-certa/contracts';
import { registerRouteSchemas } from '../../core/registers/register-routes.ts';
import {
  createInvoiceStatus,
  getInvoiceStatus,
  listInvoiceStatuses,
  updateInvoiceStatus,
} from './invoice-statuses.service.ts';

// Readable by every user: collaborators work orders through their states, and blocking or
// canceling one asks for a reason among these. Writing them is for admins.
const route = registerRouteSchemas(
  'invoice-statuses',
  { query: invoiceStatusListQuery, body: invoiceStatusBody, response: invoiceStatusResponse },
  { all: { admin: true }, list: {} },
);

export const invoiceStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const path = '/organizations/:orgId/invoice-statuses';
  app.get(path, route.list, (request) => listInvoiceStatuses(app.db, request.auth.organizationId, request.query));
  app.post(path, route.create, async (request, reply) =>
    reply.code(201).send(await createInvoiceStatus(app.db, request.auth.organizationId, request.body)),
  );
  app.get(`${path}/:id`, route.get, (request) =>
    getInvoiceStatus(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(`${path}/:id`, route.update, (request) =>
    updateInvoiceStatus(app.db, request.auth.organizationId, request.params.id, request.body),
  );
};
