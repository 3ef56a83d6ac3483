import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
} from '@ordem-certa/contracts';
import { createPlan, endPlan, getPlan, listPlans, updatePlan } from './maintenance-plans.service.ts';
import { generateVisits, listVisits } from './plan-visits.service.ts';
import { requestReport } from './pmoc-report.service.ts';

const tags = ['maintenance-plans'];
const base = '/organizations/:orgId/maintenance-plans';

/** Maintenance plans (PMOC): the admin's. Another organization's plan is a 404 like an unknown one. */
export const maintenancePlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      schema: {
        tags,
        params: orgParam,
        querystring: maintenancePlanListQuery,
        response: { 200: maintenancePlanListResponse },
      },
      config: { access: { can: 'maintenancePlan.see' } },
    },
    (request) => listPlans(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    base,
    {
      schema: { tags, params: orgParam, body: maintenancePlanBody, response: { 201: maintenancePlan } },
      config: { access: { can: 'maintenancePlan.manage' } },
    },
    async (request, reply) => reply.code(201).send(await createPlan(app.db, request.auth, request.body)),
  );
  app.get(
    `${base}/:id`,
    {
      schema: { tags, params: maintenancePlanParams, response: { 200: maintenancePlan } },
      config: { access: { can: 'maintenancePlan.see' } },
    },
    (request) => getPlan(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    `${base}/:id`,
    {
      schema: { tags, params: maintenancePlanParams, body: maintenancePlanBody, response: { 200: maintenancePlan } },
      config: { access: { can: 'maintenancePlan.manage' } },
    },
    (request) => updatePlan(app.db, request.auth, request.params.id, request.body),
  );
  app.post(
    `${base}/:id/end`,
    {
      schema: {
        tags,
        summary: 'Encerra o plano: nenhuma ordem de serviço nova; as já geradas ficam',
        params: maintenancePlanParams,
        response: { 200: maintenancePlan },
      },
      config: { access: { can: 'maintenancePlan.manage' } },
    },
    (request) => endPlan(app.db, request.auth, request.params.id),
  );
  app.get(
    `${base}/:id/occurrences`,
    {
      schema: {
        tags,
        summary: 'As visitas do plano: feitas, atrasadas, próximas e canceladas, com as suas ordens de serviço',
        params: maintenancePlanParams,
        response: { 200: maintenanceOccurrencesResponse },
      },
      config: { access: { can: 'maintenancePlan.see' } },
    },
    (request) => listVisits(app.db, request.auth.organizationId, request.params.id),
  );
  app.post(
    `${base}/:id/generate`,
    {
      schema: {
        tags,
        summary: 'Gera já as ordens de serviço das visitas até a data (as que ainda não têm)',
        params: maintenancePlanParams,
        body: generateOccurrencesBody,
        response: { 200: generateOccurrencesResponse },
      },
      config: { access: { can: 'maintenancePlan.manage' } },
    },
    (request) => generateVisits(app.db, request.auth, request.params.id, request.body.until),
  );
  app.post(
    `${base}/:id/report`,
    {
      schema: {
        tags,
        summary: 'Link curto e assinado para o relatório PMOC (PDF) do período',
        params: maintenancePlanParams,
        body: maintenanceReportBody,
        response: { 200: pdfResponse },
      },
      config: { access: { can: 'maintenancePlan.see' } },
    },
    (request) => requestReport(app.db, app.links, request.auth, request.params.id, request.body),
  );
};
