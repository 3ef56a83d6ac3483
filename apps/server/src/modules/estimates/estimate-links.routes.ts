import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pdfQuery,
  publicApproveBody,
  publicDeclineBody,
  publicEstimate,
  publicEstimateParams,
  publicEstimateQuery,
  publicInvoiceParams,
} from '@ordem-certa/contracts';
import type { z } from 'zod';
import { linkRateLimit, sendPdf } from '../../core/documents/pdf-links.ts';
import { estimatePdfFromLink } from './estimate-documents.service.ts';
import { assertShareLink, decideEstimate, getPublicEstimate } from './estimate-sharing.service.ts';

const tags = ['public'];

/** The estimate shared with its customer: the approval page's API, each call authorized by the link's token. */
export const estimateShareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/estimates/:id',
    {
      schema: {
        tags,
        summary: 'O orçamento para a página pública de aprovação (link com token)',
        security: [],
        params: publicEstimateParams,
        querystring: publicEstimateQuery,
        response: { 200: publicEstimate },
      },
      config: { access: 'public', rateLimit: linkRateLimit(120) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPublicEstimate(app.db, app.storage, request.params.id, request.query.token);
    },
  );
  // The link is checked before the body is read: a wrong token costs one indexed read, no drawing.
  const checkShareLink = async (request: { params: unknown; query: { token?: string } }) => {
    const raw = (v: unknown) => (typeof v === 'string' ? v : undefined);
    await assertShareLink(app.db, raw((request.params as Record<string, unknown>).id), raw(request.query.token));
  };
  /** An answer's route: the link checked before its body is read; a few answers a minute per address. */
  const answerRoute = <B extends z.ZodType>(summary: string, body: B) => ({
    schema: {
      tags,
      summary,
      security: [],
      params: publicEstimateParams,
      querystring: publicEstimateQuery,
      body,
      response: { 200: publicEstimate },
    },
    config: { access: 'public' as const, rateLimit: linkRateLimit(20) },
    onRequest: checkShareLink,
  });
  /** The customer's answer, with its evidence: the address the request came from and the browser. */
  const decide = (
    request: { params: { id: number }; query: { token?: string }; ip: string; headers: { 'user-agent'?: string } },
    answer: Parameters<typeof decideEstimate>[4],
  ) =>
    decideEstimate(app.db, app.storage, request.params.id, request.query.token, answer, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
  app.post(
    '/public/estimates/:id/approve',
    answerRoute(
      'O cliente aprova o orçamento (nome e, se quiser, assinatura); uma resposta por link',
      publicApproveBody,
    ),
    (request) => decide(request, { decision: 'approve', ...request.body }),
  );
  app.post(
    '/public/estimates/:id/decline',
    answerRoute('O cliente recusa o orçamento (nome e motivo opcionais); uma resposta por link', publicDeclineBody),
    (request) => decide(request, { decision: 'decline', ...request.body }),
  );
};

/** The estimate's PDF opened in a new tab from its short signed link. */
export const estimatePdfLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pdfs/estimates/:id',
    {
      schema: {
        tags: ['estimates'],
        summary: 'O PDF do orçamento (link curto e assinado, gerado por POST estimates/{id}/pdf)',
        security: [],
        params: publicInvoiceParams,
        querystring: pdfQuery,
      },
      config: { access: 'public', rateLimit: linkRateLimit(300) },
    },
    (request, reply) =>
      sendPdf(reply, () =>
        estimatePdfFromLink(app, { id: request.params.id, token: request.query.token }, request.log),
      ),
  );
};
