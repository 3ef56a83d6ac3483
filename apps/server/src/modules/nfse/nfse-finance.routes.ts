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

const see = { access: { can: 'nfse.see', feature: 'nfse' } } as const;
const issue = { access: { can: 'nfse.issue', feature: 'nfse' } } as const;
const tags = ['nfse'];
const customerParams = orgParam.extend(idParam.shape);

/**
 * The NFS-e as the finance side sees them: every note ('Notas fiscais', with CSV), the accountant who
 * gets the month's files, and what customers and orders withhold.
 */
export const nfseFinanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/nfse',
    {
      schema: {
        tags,
        summary: 'As NFS-e da organização, filtradas por situação, mês, cliente e número, com os totais das válidas',
        params: orgParam,
        querystring: nfseListQuery,
        response: { 200: nfseListResponse },
      },
      config: see,
    },
    (request) => listNfse(app.db, request.auth.organizationId, request.query),
  );

  app.get(
    '/organizations/:orgId/nfse/csv',
    {
      schema: {
        tags,
        summary: 'As NFS-e filtradas em CSV (UTF-8 com BOM, separado por ;)',
        params: orgParam,
        querystring: nfseListQuery,
      },
      config: see,
    },
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
    {
      schema: {
        tags,
        summary: 'O contador que recebe por e-mail os XML do mês, e o último envio',
        params: orgParam,
        response: { 200: nfseAccountantResponse },
      },
      config: see,
    },
    (request) => getAccountant(app.db, request.auth.organizationId),
  );

  app.put(
    '/organizations/:orgId/nfse/accountant',
    {
      schema: {
        tags,
        summary: 'Define o e-mail do contador e o dia do mês seguinte em que os XML são enviados',
        params: orgParam,
        body: nfseAccountantBody,
        response: { 200: nfseAccountantResponse },
      },
      config: { access: { can: 'nfse.configure', feature: 'nfse' } },
    },
    (request) => putAccountant(app.db, request.auth.organizationId, request.body),
  );

  app.get(
    '/organizations/:orgId/customers/:id/nfse-withholdings',
    {
      schema: {
        tags,
        summary: 'O que o cliente retém dos serviços que toma (ISS e tributos federais)',
        params: customerParams,
        response: { 200: customerWithholdingsResponse },
      },
      config: { access: { can: 'customer.see', feature: 'nfse' } },
    },
    (request) => getCustomerWithholdings(app.db, request.auth.organizationId, request.params.id),
  );

  app.put(
    '/organizations/:orgId/customers/:id/nfse-withholdings',
    {
      schema: {
        tags,
        summary: 'Define as retenções padrão do cliente',
        params: customerParams,
        body: nfseWithholdingsBody,
        response: { 200: customerWithholdingsResponse },
      },
      config: issue,
    },
    (request) => putCustomerWithholdings(app.db, request.auth, request.params.id, request.body),
  );

  app.get(
    '/organizations/:orgId/invoices/:id/nfse/withholdings',
    {
      schema: {
        tags,
        summary: 'As retenções da ordem (as dela ou as do cliente) e o valor líquido a receber',
        params: invoiceParams,
        response: { 200: orderWithholdingsResponse },
      },
      config: see,
    },
    (request) => getOrderWithholdings(app.db, request.auth, request.params.id),
  );

  app.put(
    '/organizations/:orgId/invoices/:id/nfse/withholdings',
    {
      schema: {
        tags,
        summary: 'Define as retenções desta ordem (null: as do cliente)',
        params: invoiceParams,
        body: nfseWithholdingsBody,
        response: { 200: orderWithholdingsResponse },
      },
      config: issue,
    },
    (request) => putOrderWithholdings(app.db, request.auth, request.params.id, request.body),
  );
};
