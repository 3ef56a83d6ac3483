import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createInstallmentsBody,
  createPaymentBody,
  invoiceParams,
  invoicePaymentsResponse,
  orgParam,
  paymentParams,
  payReceivableBody,
  receivableParams,
  receivableRow,
  receivablesQuery,
  receivablesResponse,
} from '@ordem-certa/contracts';
import { addPayment, createInstallments, invoicePayments, removePayment } from './payments.service.ts';
import { listReceivables, payReceivable, receivablesCsvResult } from './receivables.service.ts';
import { csvFileName } from '../../core/reports/report-csv.ts';
import { routeOptions } from '../../plugins/route-options.ts';

// Money is the office's: every route is admin only (collaborators never see prices).
const route = routeOptions('payments');
const orders = '/organizations/:orgId/invoices/:id';
const base = '/organizations/:orgId/receivables';

/** An order's payments and instalments, and the receivables screen. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${orders}/payments`,
    route('payment.see', { params: invoiceParams, response: { 200: invoicePaymentsResponse } }),
    (request) => invoicePayments(app.db, request.auth, request.params.id),
  );
  app.post(
    `${orders}/payments`,
    route('payment.record', {
      params: invoiceParams,
      body: createPaymentBody,
      response: { 201: invoicePaymentsResponse },
    }),
    async (request, reply) =>
      reply.code(201).send(await addPayment(app.db, request.auth, request.params.id, request.body)),
  );
  app.delete(
    `${orders}/payments/:paymentId`,
    route('payment.record', { params: paymentParams, response: { 200: invoicePaymentsResponse } }),
    (request) => removePayment(app.db, request.auth, request.params.id, request.params.paymentId),
  );
  app.post(
    `${orders}/installments`,
    route('payment.record', {
      params: invoiceParams,
      body: createInstallmentsBody,
      response: { 201: invoicePaymentsResponse },
    }),
    async (request, reply) =>
      reply.code(201).send(await createInstallments(app.db, request.auth, request.params.id, request.body)),
  );

  app.get(
    base,
    route('payment.see', { params: orgParam, querystring: receivablesQuery, response: { 200: receivablesResponse } }),
    (request) => listReceivables(app.db, request.auth, request.query),
  );
  app.get(
    `${base}/csv`,
    route('payment.see', {
      summary: 'As parcelas filtradas em CSV (UTF-8 com BOM, separado por ;)',
      params: orgParam,
      querystring: receivablesQuery,
    }),
    async (request, reply) => {
      const { result, timeZone } = await receivablesCsvResult(app.db, request.auth, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', csvFileName(result.title, new Date(result.time), timeZone))
        .send(Buffer.from(await app.tasks.reportCsv(request.auth.organizationId, { result, timeZone })));
    },
  );
  app.post(
    `${base}/:id/pay`,
    route('payment.record', { params: receivableParams, body: payReceivableBody, response: { 200: receivableRow } }),
    (request) => payReceivable(app.db, request.auth, request.params.id, request.body),
  );
};
