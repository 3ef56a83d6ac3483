import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orgParam,
  reportDataBody,
  reportDefinition,
  reportListResponse,
  reportParams,
  reportResult,
} from '@ordem-certa/contracts';
import type { ReportRegistry } from '../../core/reports/registry.ts';
import { listReports, reportDefinition as getDefinition, runReport } from './reports.service.ts';
import { csvFileName } from '../../core/reports/report-csv.ts';

const tags = ['reports'];
const base = '/organizations/:orgId/reports';

/** Reports defined on the server (each feature's, in `reports`): the list, each one's filters, its data and its CSV. */
export const reportRoutes =
  (reports: ReportRegistry): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      base,
      {
        schema: { tags, params: orgParam, response: { 200: reportListResponse } },
        config: { access: { can: 'report.see', feature: 'reports' } },
      },
      () => listReports(reports),
    );
    app.get(
      `${base}/:report/filters`,
      {
        schema: { tags, params: reportParams, response: { 200: reportDefinition } },
        config: { access: { can: 'report.see', feature: 'reports' } },
      },
      (request) => getDefinition(app.db, reports, request.auth.organizationId, request.params.report),
    );
    app.post(
      `${base}/:report/data`,
      {
        schema: { tags, params: reportParams, body: reportDataBody, response: { 200: reportResult } },
        config: { access: { can: 'report.see', feature: 'reports' } },
      },
      async (request) => (await runReport(app.db, reports, request.auth, request.params.report, request.body)).result,
    );
    app.post(
      `${base}/:report/csv`,
      {
        schema: {
          tags,
          summary: 'O relatório em CSV (UTF-8 com BOM, separado por ;)',
          params: reportParams,
          body: reportDataBody,
        },
        config: { access: { can: 'report.see', feature: 'reports' } },
      },
      async (request, reply) => {
        const { result, timeZone } = await runReport(
          app.db,
          reports,
          request.auth,
          request.params.report,
          request.body,
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', csvFileName(result.title, new Date(result.time), timeZone))
          .send(Buffer.from(await app.tasks.reportCsv(request.auth.organizationId, { result, timeZone })));
      },
    );
  };
