import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBody,
  listQuery,
  portalEstimate,
  portalEstimateList,
  portalIdParam,
  publicApproveBody,
  publicDeclineBody,
} from '@ordem-certa/contracts';
import { routeOptions } from '../../plugins/route-options.ts';
import { decideFromPortal, portalEstimates } from './estimate-portal.service.ts';

/** The customer's estimates in their portal, and their answer to an open one. */
export const estimatePortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions('portal', { feature: 'estimates' });
  app.get(
    '/portal/estimates',
    route('portal', {
      summary: 'Os orçamentos enviados ao cliente',
      querystring: listQuery,
      response: { 200: portalEstimateList },
    }),
    (request) => portalEstimates(app.db, request.portal, request.query),
  );
  const evidence = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  const answered = { 200: portalEstimate, 410: errorBody.describe('O link do orçamento expirou') };
  app.post(
    '/portal/estimates/:id/approve',
    route('portal', {
      summary: 'O cliente aprova o orçamento na área do cliente',
      params: portalIdParam,
      body: publicApproveBody,
      response: answered,
    }),
    (request) =>
      decideFromPortal(
        app.db,
        app.storage,
        request.portal,
        request.params.id,
        { decision: 'approve', ...request.body },
        evidence(request),
      ),
  );
  app.post(
    '/portal/estimates/:id/decline',
    route('portal', {
      summary: 'O cliente recusa o orçamento na área do cliente',
      params: portalIdParam,
      body: publicDeclineBody,
      response: answered,
    }),
    (request) =>
      decideFromPortal(
        app.db,
        app.storage,
        request.portal,
        request.params.id,
        { decision: 'decline', ...request.body },
        evidence(request),
      ),
  );
};
