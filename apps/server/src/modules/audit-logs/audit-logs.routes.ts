import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogItem, auditLogQuery, listResponse, orgParam } from '@ordem-certa/contracts';
import { listAuditLogs } from './audit-logs.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('audit-logs', { feature: 'auditLogs' });

/** The audit-log screen's list (admins of organizations with the auditLogs feature). */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/audit-logs',
    route('auditLog.see', {
      params: orgParam,
      querystring: auditLogQuery,
      response: { 200: listResponse(auditLogItem) },
    }),
    (request) => listAuditLogs(app.db, request.auth.organizationId, request.query),
  );
};
