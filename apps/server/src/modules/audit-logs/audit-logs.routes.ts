import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogItem, auditLogQuery, listResponse, orgParam } from '@ordem-certa/contracts';
import { listAuditLogs } from './audit-logs.service.ts';

/** The audit-log screen's list (admins of organizations with the auditLogs feature). */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/audit-logs',
    {
      schema: {
        tags: ['audit-logs'],
        params: orgParam,
        querystring: auditLogQuery,
        response: { 200: listResponse(auditLogItem) },
      },
      config: { access: { can: 'auditLog.see', feature: 'auditLogs' } },
    },
    (request) => listAuditLogs(app.db, request.auth.organizationId, request.query),
  );
};
