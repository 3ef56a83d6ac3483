import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  airReportParams,
  airReportsResponse,
  generateOccurrencesBody,
  generateOccurrencesResponse,
  maintenanceOccurrencesResponse,
  maintenancePlan,
  maintenancePlanBody,
  maintenancePlanListQuery,
  maintenancePlanListResponse,
  maintenancePlanParams,
  maintenanceReportBody,
  orgParam,
  pdfResponse,
  pmocDocumentQuery,
} from '@ordem-certa/contracts';
import { createPlan, endPlan, getPlan, listPlans, updatePlan } from './maintenance-plans.service.ts';
import { generateVisits, listVisits } from './plan-visits.service.ts';
import { requestReport } from './pmoc-report.service.ts';
import { pmocDocument } from './pmoc-document.service.ts';
import { deleteAirReport, getAirReport, listAirReports, putAirReport, readAirReport } from './air-reports.service.ts';
import { attachmentDisposition } from '../../lib/download-name.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('maintenance-plans');
const base = '/organizations/:orgId/maintenance-plans';

/** Maintenance plans (PMOC): the admin's. Another organization's plan is a 404 like an unknown one. */
export const maintenancePlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    route('maintenancePlan.see', {
      params: orgParam,
      querystring: maintenancePlanListQuery,
      response: { 200: maintenancePlanListResponse },
    }),
    (request) => listPlans(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    base,
    route('maintenancePlan.manage', {
      params: orgParam,
      body: maintenancePlanBody,
      response: { 201: maintenancePlan },
    }),
    async (request, reply) => reply.code(201).send(await createPlan(app.db, request.auth, request.body)),
  );
  app.get(
    `${base}/:id`,
    route('maintenancePlan.see', { params: maintenancePlanParams, response: { 200: maintenancePlan } }),
    (request) => getPlan(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    `${base}/:id`,
    route('maintenancePlan.manage', {
      params: maintenancePlanParams,
      body: maintenancePlanBody,
      response: { 200: maintenancePlan },
    }),
    (request) => updatePlan(app.db, request.auth, request.params.id, request.body),
  );
  app.post(
    `${base}/:id/end`,
    route('maintenancePlan.manage', {
      summary: 'Encerra o plano: nenhuma ordem de serviço nova; as já geradas ficam',
      params: maintenancePlanParams,
      response: { 200: maintenancePlan },
    }),
    (request) => endPlan(app.db, request.auth, request.params.id),
  );
  app.get(
    `${base}/:id/occurrences`,
    route('maintenancePlan.see', {
      summary: 'As visitas do plano: feitas, atrasadas, próximas e canceladas, com as suas ordens de serviço',
      params: maintenancePlanParams,
      response: { 200: maintenanceOccurrencesResponse },
    }),
    (request) => listVisits(app.db, request.auth.organizationId, request.params.id),
  );
  app.post(
    `${base}/:id/generate`,
    route('maintenancePlan.manage', {
      summary: 'Gera já as ordens de serviço das visitas até a data (as que ainda não têm)',
      params: maintenancePlanParams,
      body: generateOccurrencesBody,
      response: { 200: generateOccurrencesResponse },
    }),
    (request) => generateVisits(app.db, request.auth, request.params.id, request.body.until),
  );
  app.post(
    `${base}/:id/report`,
    route('maintenancePlan.see', {
      summary: 'Link curto e assinado para o relatório PMOC (PDF) do período',
      params: maintenancePlanParams,
      body: maintenanceReportBody,
      response: { 200: pdfResponse },
    }),
    (request) => requestReport(app.db, app.links, request.auth, request.params.id, request.body),
  );

  app.get(
    `${base}/:id/pmoc.pdf`,
    route('maintenancePlan.see', {
      summary:
        'O documento PMOC (PDF) do plano no ano: ambientes, inventário, tarefas, cronograma, execuções, recomendações e o relatório de qualidade do ar anexado',
      params: maintenancePlanParams,
      querystring: pmocDocumentQuery,
    }),
    async (request, reply) => {
      const { pdf, fileName } = await pmocDocument(
        app.db,
        app.storage,
        request.auth.organizationId,
        request.params.id,
        request.query.year,
        request.log,
      );
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachmentDisposition(fileName))
        .send(pdf);
    },
  );

  // The air-quality reports, one PDF a year (multipart: `year` and `file`, at most 10 MB).
  app.get(
    `${base}/:id/air-reports`,
    route('maintenancePlan.see', {
      summary: 'Os relatórios de qualidade do ar do plano, um por ano',
      params: maintenancePlanParams,
      response: { 200: airReportsResponse },
    }),
    (request) => listAirReports(app.db, request.auth.organizationId, request.params.id),
  );
  app.post(
    `${base}/:id/air-reports`,
    route('maintenancePlan.manage', {
      summary: 'Envia o relatório de qualidade do ar de um ano (multipart: year e file, um PDF até 10 MB)',
      params: maintenancePlanParams,
      consumes: ['multipart/form-data'],
      response: { 200: airReportsResponse },
    }),
    async (request) => {
      const file = await readAirReport(request);
      return putAirReport(app.db, app.storage, request.auth, request.params.id, file);
    },
  );
  app.get(
    `${base}/:id/air-reports/:year`,
    route('maintenancePlan.see', { summary: 'Baixa o relatório de qualidade do ar do ano', params: airReportParams }),
    async (request, reply) => {
      const file = await getAirReport(
        app.db,
        app.storage,
        request.auth.organizationId,
        request.params.id,
        request.params.year,
      );
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachmentDisposition(file.name))
        .send(file.data);
    },
  );
  app.delete(
    `${base}/:id/air-reports/:year`,
    route('maintenancePlan.manage', {
      summary: 'Remove o relatório de qualidade do ar do ano',
      params: airReportParams,
    }),
    async (request, reply) => {
      await deleteAirReport(app.db, app.storage, request.auth, request.params.id, request.params.year);
      return reply.code(204).send();
    },
  );
};
