import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contractParams,
  pixAutomaticoBody,
  pixAutomaticoMessages as msg,
  pixAutomaticoResponse,
  pixAutomaticoSimulateBody,
  type PixAutomatico,
} from '@ordem-certa/contracts';
import { conflict } from '../../lib/errors.ts';
import { routeOptions } from '../../plugins/route-options.ts';
import { cancelAutomatico, getAutomatico, requestAutomatico, waitingRecurrence } from './automatico.service.ts';
import { atDemoPsp } from './demo-psp.ts';
import type { PixContext } from './pix-psp.service.ts';

const route = routeOptions('contracts');
const path = '/organizations/:orgId/contracts/:id/pix-automatico';

/** A contract's Pix Automático: its state, and 'Pedir autorização' (the recurrence queued for the PSP). */
export const automaticoRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PixContext = { db: app.db, config: app.config, log: app.log };
  /** The recurrence waiting for the payer at the demo's stand-in PSP (the only place its answer can be played). */
  const atDemo = async (organizationId: number, contractId: number) => {
    const waiting = await waitingRecurrence(app.db, organizationId, contractId);
    if (!waiting) return null;
    await app.demoPsp.ready;
    const demo = app.demoPsp.standIn;
    return demo && (await atDemoPsp(ctx, demo, organizationId, waiting.companyId)) ? { demo, ...waiting } : null;
  };
  const shown = async (organizationId: number, contractId: number, view: PixAutomatico) => ({
    ...view,
    canSimulate: (await atDemo(organizationId, contractId)) !== null,
  });

  app.get(
    path,
    route('contract.see', {
      summary: 'O Pix Automático do contrato: a autorização, seu estado e as cobranças recorrentes',
      params: contractParams,
      response: { 200: pixAutomaticoResponse },
    }),
    async (request) => {
      const { organizationId } = request.auth;
      return shown(organizationId, request.params.id, await getAutomatico(app.db, organizationId, request.params.id));
    },
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
  // Only the demo's stand-in PSP can be told the payer's answer: it approves or refuses the recurrence in
  // the payer's place and tells the webhook, which reads it again from the PSP as for a real answer.
  app.post(
    `${path}/simulate`,
    route('company.manage', {
      summary:
        'Simula a resposta do cliente à autorização do Pix Automático no PSP de demonstração (nunca em produção)',
      params: contractParams,
      body: pixAutomaticoSimulateBody,
      response: { 200: pixAutomaticoResponse },
    }),
    async (request) => {
      const { organizationId } = request.auth;
      await getAutomatico(app.db, organizationId, request.params.id); // 404 for another organization's
      const found = await atDemo(organizationId, request.params.id);
      if (!found) throw conflict(msg.simulateUnavailable);
      const answered = await fetch(
        `${found.demo.url}/simulate/rec/${encodeURIComponent(found.idRec)}/${request.body.approve ? 'approve' : 'reject'}`,
        { method: 'POST', signal: AbortSignal.timeout(15_000) },
      );
      await answered.arrayBuffer();
      if (answered.status !== 200) throw conflict(msg.simulateUnavailable);
      const view = await getAutomatico(app.db, organizationId, request.params.id);
      return shown(organizationId, request.params.id, view);
    },
  );
};
