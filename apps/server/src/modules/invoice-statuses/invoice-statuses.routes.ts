import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceStatusBody, invoiceStatusListQuery, invoiceStatusResponse } from '@ordem-certa/contracts';
import { byOrganization, registerRoutes, registerRouteSchemas } from '../../core/registers/register-routes.ts';
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
  {
    read: { can: 'invoiceStatus.manage' },
    write: { can: 'invoiceStatus.manage' },
    list: { can: 'organization.see' },
  },
);

export const invoiceStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, route, byOrganization, {
    list: listInvoiceStatuses,
    create: createInvoiceStatus,
    get: getInvoiceStatus,
    update: updateInvoiceStatus,
  });
};
