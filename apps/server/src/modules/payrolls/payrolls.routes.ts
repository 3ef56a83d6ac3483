import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  generatePayrollBody,
  generatePayrollResponse,
  listQuery,
  orgParam,
  payrollDetail,
  payrollLine,
  payrollLineParams,
  payrollLinesQuery,
  payrollLinesResponse,
  payrollListResponse,
  payrollParams,
  payrollWorkerParams,
  pdfResponse,
  pendingOrdersResponse,
} from '@ordem-certa/contracts';
import {
  createPayroll,
  getPayroll,
  listPayrollLines,
  listPayrolls,
  listPendingOrders,
  payLine,
  removePayroll,
} from './payrolls.service.ts';
import { requestPaySlip } from './pay-slip.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

/** Every payroll route: admins of an organization with the payroll feature (the central check refuses the rest). */
const route = routeOptions('payrolls', { feature: 'payroll' });
const base = '/organizations/:orgId/payrolls';

/** Payrolls (admin, `payroll` feature): list, generate, pending orders, detail, lines, pay a line, delete, pay slip link. */
export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    route('payroll.manage', { params: orgParam, querystring: listQuery, response: { 200: payrollListResponse } }),
    (request) => listPayrolls(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    base,
    route('payroll.manage', {
      summary: 'Gera a folha da empresa no período (datas inclusivas); 422 quando não há o que pagar',
      params: orgParam,
      body: generatePayrollBody,
      response: { 201: generatePayrollResponse },
    }),
    async (request, reply) => reply.code(201).send(await createPayroll(app.db, request.auth, request.body)),
  );
  app.get(
    `${base}/pending`,
    route('payroll.manage', {
      summary: 'Ordens concluídas com colaboradores não pagos e fora de qualquer folha',
      params: orgParam,
      querystring: listQuery,
      response: { 200: pendingOrdersResponse },
    }),
    (request) => listPendingOrders(app.db, request.auth.organizationId, request.query),
  );
  app.get(
    `${base}/:id`,
    route('payroll.manage', { params: payrollParams, response: { 200: payrollDetail } }),
    (request) => getPayroll(app.db, request.auth.organizationId, request.params.id),
  );
  app.delete(
    `${base}/:id`,
    route('payroll.manage', { summary: 'Remove a folha (409 se alguma linha foi paga)', params: payrollParams }),
    async (request, reply) => {
      await removePayroll(app.db, request.auth, request.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    `${base}/:id/workers`,
    route('payroll.manage', {
      params: payrollParams,
      querystring: payrollLinesQuery,
      response: { 200: payrollLinesResponse },
    }),
    (request) => listPayrollLines(app.db, request.auth.organizationId, request.params.id, request.query),
  );
  app.post(
    `${base}/:id/workers/:lineId/pay`,
    route('payroll.manage', {
      summary: 'Paga uma linha da folha (e o colaborador na ordem de serviço); 409 se já paga',
      params: payrollLineParams,
      response: { 200: payrollLine },
    }),
    (request) => payLine(app.db, request.auth, request.params.id, request.params.lineId),
  );
  app.post(
    `${base}/:id/workers/:workerId/pdf`,
    route('payroll.manage', {
      summary: 'Link curto e assinado para o holerite do colaborador nesta folha',
      params: payrollWorkerParams,
      response: { 200: pdfResponse },
    }),
    (request) =>
      requestPaySlip(
        app.db,
        app.links,
        request.auth.organizationId,
        request.auth.userId,
        request.params.id,
        request.params.workerId,
      ),
  );
};
