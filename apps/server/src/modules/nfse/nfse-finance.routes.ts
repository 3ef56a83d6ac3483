import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerWithholdingsResponse,
  idParam,
  invoiceParams,
  nfseAccountantBody,
  nfseAccountantResponse,
  nfseListQuery,
  nfseListResponse,
  nfseWithholdingsBody,
  orderWithholdingsResponse,
  orgParam,
} from '@ordem-certa/contracts';
import { csvFileName, reportCsv } from '../../core/reports/report-csv.ts';
import { getAccountant, putAccountant } from './accountant.service.ts';
import { listNfse, nfseCsvTable } from './nfse-list.service.ts';
import { timeZoneOf } from './nfse.service.ts';
import {
  getCustomerWithholdings,
  getOrderWithholdings,
  putCustomerWithholdings,
  putOrderWithholdings,
} from './withholdings.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('nfse', { feature: 'nfse' });
const customerParams = orgParam.extend(idParam.shape);

/**
 * The NFS-e as the finance side sees them: every note ('Notas fiscais', with CSV), the accountant who
 * gets the month's files, and what customers and orders withhold.
 */
export const nfseFinanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/nfse',
    route('nfse.see', {
      summary: 'As NFS-e da organização, filtradas por situação, mês, cliente e número, com os totais das válidas',
      params: orgParam,
      querystring: nfseListQuery,
      response: { 200: nfseListResponse },
    }),
    (request) => listNfse(app.db, request.auth.organizationId, request.query),
  );

  app.get(
    '/organizations/:orgId/nfse/csv',
    route('nfse.see', {
      summary: 'As NFS-e filtradas em CSV (UTF-8 com BOM, separado por ;)',
      params: orgParam,
      querystring: nfseListQuery,
    }),
    async (request, reply) => {
      const { skip: _skip, take: _take, ...filters } = request.query;
      const timeZone = await timeZoneOf(app.db, request.auth.organizationId);
      const table = await nfseCsvTable(app.db, request.auth.organizationId, filters);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', csvFileName('Notas fiscais', new Date(), timeZone))
        .send(reportCsv(table, timeZone));
    },
  );

  app.get(
    '/organizations/:orgId/nfse/accountant',
    route('nfse.see', {
      summary: 'O contador que recebe por e-mail os XML do mês, e o último envio',
      params: orgParam,
      response: { 200: nfseAccountantResponse },
    }),
    (request) => getAccountant(app.db, request.auth.organizationId),
  );

  app.put(
    '/organizations/:orgId/nfse/accountant',
    route('nfse.configure', {
      summary: 'Define o e-mail do contador e o dia do mês seguinte em que os XML são enviados',
      params: orgParam,
      body: nfseAccountantBody,
      response: { 200: nfseAccountantResponse },
    }),
    (request) => putAccountant(app.db, request.auth.organizationId, request.body),
  );

  app.get(
    '/organizations/:orgId/customers/:id/nfse-withholdings',
    route('customer.see', {
      summary: 'O que o cliente retém dos serviços que toma (ISS e tributos federais)',
      params: customerParams,
      response: { 200: customerWithholdingsResponse },
    }),
    (request) => getCustomerWithholdings(app.db, request.auth.organizationId, request.params.id),
  );

  app.put(
    '/organizations/:orgId/customers/:id/nfse-withholdings',
    route('nfse.issue', {
      summary: 'Define as retenções padrão do cliente',
      params: customerParams,
      body: nfseWithholdingsBody,
      response: { 200: customerWithholdingsResponse },
    }),
    (request) => putCustomerWithholdings(app.db, request.auth, request.params.id, request.body),
  );

  app.get(
    '/organizations/:orgId/invoices/:id/nfse/withholdings',
    route('nfse.see', {
      summary: 'As retenções da ordem (as dela ou as do cliente) e o valor líquido a receber',
      params: invoiceParams,
      response: { 200: orderWithholdingsResponse },
    }),
    (request) => getOrderWithholdings(app.db, request.auth, request.params.id),
  );

  app.put(
    '/organizations/:orgId/invoices/:id/nfse/withholdings',
    route('nfse.issue', {
      summary: 'Define as retenções desta ordem (null: as do cliente)',
      params: invoiceParams,
      body: nfseWithholdingsBody,
      response: { 200: orderWithholdingsResponse },
    }),
    (request) => putOrderWithholdings(app.db, request.auth, request.params.id, request.body),
  );
};
