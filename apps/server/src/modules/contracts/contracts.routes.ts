import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contract,
  contractBody,
  contractCsvQuery,
  contractListQuery,
  contractListResponse,
  contractOverdueQuery,
  contractOverdueResponse,
  contractParams,
  contractReadjustmentBody,
  orgParam,
} from '@ordem-certa/contracts';
import { createContract, getContract, updateContract } from './contracts.service.ts';
import { readjustContract } from './contract-readjustment.service.ts';
import { contractsCsvResult, listContracts } from './contract-list.service.ts';
import { listOverdue } from './contract-overdue.service.ts';
import { csvFileName } from '../../core/reports/report-csv.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('contracts');
const base = '/organizations/:orgId/contracts';

/** Maintenance contracts: the office's money, seen and managed by who holds the contract permissions. */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    route('contract.see', {
      params: orgParam,
      querystring: contractListQuery,
      response: { 200: contractListResponse },
    }),
    (request) => listContracts(app.db, request.auth.organizationId, request.query),
  );
  app.get(
    `${base}/csv`,
    route('contract.see', {
      summary: 'Os contratos filtrados em CSV (UTF-8 com BOM, separado por ;)',
      params: orgParam,
      querystring: contractCsvQuery,
    }),
    async (request, reply) => {
      const { result, timeZone } = await contractsCsvResult(app.db, request.auth.organizationId, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', csvFileName(result.title, new Date(result.time), timeZone))
        .send(Buffer.from(await app.tasks.reportCsv(request.auth.organizationId, { result, timeZone })));
    },
  );
  app.get(
    `${base}/overdue`,
    route('contract.see', {
      summary: 'As cobranças dos contratos vencidas e não recebidas, da mais antiga',
      params: orgParam,
      querystring: contractOverdueQuery,
      response: { 200: contractOverdueResponse },
    }),
    (request) => listOverdue(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    base,
    route('contract.manage', { params: orgParam, body: contractBody, response: { 201: contract } }),
    async (request, reply) => reply.code(201).send(await createContract(app.db, request.auth, request.body)),
  );
  app.get(`${base}/:id`, route('contract.see', { params: contractParams, response: { 200: contract } }), (request) =>
    getContract(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    `${base}/:id`,
    route('contract.manage', { params: contractParams, body: contractBody, response: { 200: contract } }),
    (request) => updateContract(app.db, request.auth, request.params.id, request.body),
  );
  app.post(
    `${base}/:id/readjustments`,
    route('contract.manage', {
      summary: 'Reajusta o valor no aniversário do contrato pelo percentual do índice informado',
      params: contractParams,
      body: contractReadjustmentBody,
      response: { 200: contract },
    }),
    (request) => readjustContract(app.db, request.auth, request.params.id, request.body),
  );
};
