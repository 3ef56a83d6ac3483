import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractParams, pixAutomaticoBody, pixAutomaticoResponse } from '@ordem-certa/contracts';
import { routeOptions } from '../../plugins/route-options.ts';
import { cancelAutomatico, getAutomatico, requestAutomatico } from './automatico.service.ts';

const route = routeOptions('contracts');
const path = '/organizations/:orgId/contracts/:id/pix-automatico';

/** A contract's Pix Automático: its state, and 'Pedir autorização' (the recurrence queued for the PSP). */
export const automaticoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    path,
    route('contract.see', {
      summary: 'O Pix Automático do contrato: a autorização, seu estado e as cobranças recorrentes',
      params: contractParams,
      response: { 200: pixAutomaticoResponse },
    }),
    (request) => getAutomatico(app.db, request.auth.organizationId, request.params.id),
  );
  app.post(
    path,
    route('contract.manage', {
      summary: 'Pede ao cliente a autorização do Pix Automático (recorrência e solicitação no PSP da empresa)',
      params: contractParams,
      body: pixAutomaticoBody,
      response: { 200: pixAutomaticoResponse },
    }),
    (request) => requestAutomatico(app.db, request.auth, request.params.id, request.body),
  );
  app.post(
    `${path}/cancel`,
    route('contract.manage', {
      summary: 'Cancela a autorização do Pix Automático do contrato (no PSP, pelo job do Pix)',
      params: contractParams,
      response: { 200: pixAutomaticoResponse },
    }),
    (request) => cancelAutomatico(app.db, request.auth, request.params.id),
  );
};
