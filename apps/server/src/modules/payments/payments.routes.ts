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

// Money is the office's: every route is admin only (collaborators never see prices).
const tags = ['payments'];
const orders = '/organizations/:orgId/invoices/:id';
const base = '/organizations/:orgId/receivables';

/** An order's payments and instalments, and the receivables screen. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${orders}/payments`,
    {
      schema: { tags, params: invoiceParams, response: { 200: invoicePaymentsResponse } },
      config: { access: { can: 'payment.see' } },
    },
    (request) => invoicePayments(app.db, request.auth, request.params.id),
  );
  app.post(
    `${orders}/payments`,
    {
      schema: { tags, params: invoiceParams, body: createPaymentBody, response: { 201: invoicePaymentsResponse } },
      config: { access: { can: 'payment.record' } },
    },
    async (request, reply) =>
      reply.code(201).send(await addPayment(app.db, request.auth, request.params.id, request.body)),
  );
  app.delete(
    `${orders}/payments/:paymentId`,
    {
      schema: { tags, params: paymentParams, response: { 200: invoicePaymentsResponse } },
      config: { access: { can: 'payment.record' } },
    },
    (request) => removePayment(app.db, request.auth, request.params.id, request.params.paymentId),
  );
  app.post(
    `${orders}/installments`,
    {
      schema: {
        tags,
        params: invoiceParams,
        body: createInstallmentsBody,
        response: { 201: invoicePaymentsResponse },
      },
      config: { access: { can: 'payment.record' } },
    },
    async (request, reply) =>
      reply.code(201).send(await createInstallments(app.db, request.auth, request.params.id, request.body)),
  );

  app.get(
    base,
    {
      schema: { tags, params: orgParam, querystring: receivablesQuery, response: { 200: receivablesResponse } },
      config: { access: { can: 'payment.see' } },
    },
    (request) => listReceivables(app.db, request.auth, request.query),
  );
  app.get(
    `${base}/csv`,
    {
      schema: {
        tags,
        summary: 'As parcelas filtradas em CSV (UTF-8 com BOM, separado por ;)',
        params: orgParam,
        querystring: receivablesQuery,
      },
      config: { access: { can: 'payment.see' } },
    },
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
    {
      schema: { tags, params: receivableParams, body: payReceivableBody, response: { 200: receivableRow } },
      config: { access: { can: 'payment.record' } },
    },
    (request) => payReceivable(app.db, request.auth, request.params.id, request.body),
  );
};
