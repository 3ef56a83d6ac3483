import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messages,
  paySlipParams,
  pdfQuery,
  publicInvoice,
  publicInvoiceParams,
  publicInvoiceQuery,
  publicSignBody,
  publicApproveBody,
  publicDeclineBody,
  publicEstimate,
  publicEstimateParams,
  publicEstimateQuery,
} from '@ordem-certa/contracts';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { calendarFeed } from '../calendar/calendar.service.ts';
import { estimatePdfFromLink } from '../estimates/estimate-documents.service.ts';
import { assertShareLink, decideEstimate, getPublicEstimate } from '../estimates/estimate-sharing.service.ts';
import { assertSignLink, getPublicInvoice, signPublicInvoice } from '../invoices/invoice-signing.service.ts';
import { pdfFromLink } from '../invoices/invoice-pdf.service.ts';
import { paySlipFromLink } from '../payrolls/pay-slip.service.ts';
import { reportFromLink } from '../maintenance-plans/pmoc-report.service.ts';
import { escapeHtml } from '../../lib/html.ts';
import { checkedKey } from '../../plugins/idempotency.ts';

const tags = ['public'];
/** Per IP: a phone signing needs a handful of calls; a script guessing links gets nowhere. */
const limit = (max: number) => ({
  max,
  timeWindow: '1 minute',
  errorResponseBuilder: () => ({ statusCode: 429, errors: [messages.tooManyRequests] }),
});

/** A PDF opened in a browser tab from a signed link; its errors become a readable page, not a JSON body. */
export async function sendPdf(reply: FastifyReply, make: () => Promise<{ pdf: Buffer; fileName: string }>) {
  try {
    const { pdf, fileName } = await make();
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="${fileName}"`)
      .send(pdf);
  } catch (err) {
    if (!(err instanceof AppError) || !Array.isArray(err.errors)) throw err;
    const message = escapeHtml(err.errors.join(' '));
    return reply
      .code(err.statusCode)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>PDF indisponível</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2328"><h1 style="font-size:1.25rem">PDF indisponível</h1><p>${message}</p></body></html>`,
      );
  }
}

/**
 * The signed documents: everything that works without a login, each call authorized by the token in
 * its link (lib/signed-links.ts, or the order's random signing token): the signing page's API, the
 * order's and the estimate's PDF and a worker's pay slip opened in a new tab, and a technician's
 * calendar feed. Every public route lives here, so what is reachable without a login is in one file.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- the estimate shared with its customer ----
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
      config: { access: 'public', rateLimit: limit(120) },
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
    config: { access: 'public' as const, rateLimit: limit(20) },
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

  app.get(
    '/public/invoices/:id',
    {
      schema: {
        tags,
        summary: 'A ordem de serviço para a página pública de assinatura (link com token)',
        security: [],
        params: publicInvoiceParams,
        querystring: publicInvoiceQuery,
        response: { 200: publicInvoice },
      },
      config: { access: 'public', rateLimit: limit(120) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPublicInvoice(app.db, request.params.id, request.query.token);
    },
  );

  app.post(
    '/public/invoices/:id/sign',
    {
      schema: {
        tags,
        summary:
          'Assinatura do cliente (link com token); uma assinatura válida não é substituída; com Idempotency-Key, a repetição não assina de novo',
        security: [],
        params: publicInvoiceParams,
        querystring: publicInvoiceQuery,
        body: publicSignBody,
        response: { 200: publicInvoice },
      },
      config: { access: 'public', rateLimit: limit(20) },
      // The link is checked before the body is read: anonymous requests with a wrong token cost one
      // indexed read, neither parsing nor checking a drawing.
      onRequest: async (request) => {
        // Not validated yet at this stage: the raw text of the path and the query.
        const raw = (v: unknown) => (typeof v === 'string' ? v : undefined);
        await assertSignLink(app.db, raw((request.params as Record<string, unknown>).id), raw(request.query.token));
      },
    },
    (request) =>
      signPublicInvoice(
        app.db,
        request.params.id,
        request.query.token,
        request.body,
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
        checkedKey(request),
      ),
  );

  app.get(
    '/pdfs/invoices/:id',
    {
      schema: {
        tags,
        summary: 'O PDF da ordem de serviço (link curto e assinado, gerado por POST invoices/{id}/pdf)',
        security: [],
        params: publicInvoiceParams,
        querystring: pdfQuery,
      },
      config: { access: 'public', rateLimit: limit(300) },
    },
    (request, reply) =>
      sendPdf(reply, async () => {
        const link = { id: request.params.id, token: request.query.token };
        const { pdf, number } = await pdfFromLink(app, link, request.log);
        return { pdf, fileName: `OS-${number}.pdf` };
      }),
  );

  app.get(
    '/pdfs/payrolls/:id/workers/:workerId',
    {
      schema: {
        tags,
        summary:
          'O holerite do colaborador na folha (link curto e assinado, gerado por POST payrolls/{id}/workers/{workerId}/pdf)',
        security: [],
        params: paySlipParams,
        querystring: pdfQuery,
      },
      config: { access: 'public', rateLimit: limit(300) },
    },
    (request, reply) =>
      sendPdf(reply, () =>
        paySlipFromLink(app.db, app.links, request.params.id, request.params.workerId, request.query.token),
      ),
  );
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
      config: { access: 'public', rateLimit: limit(300) },
    },
    (request, reply) =>
      sendPdf(reply, () =>
        estimatePdfFromLink(app, { id: request.params.id, token: request.query.token }, request.log),
      ),
  );

  app.get(
    '/pdfs/maintenance-plans/:id',
    {
      schema: {
        tags: ['maintenance-plans'],
        summary:
          'O relatório PMOC do plano no período (link curto e assinado, gerado por POST maintenance-plans/{id}/report)',
        security: [],
        params: publicInvoiceParams,
        querystring: pdfQuery,
      },
      config: { access: 'public', rateLimit: limit(300) },
    },
    (request, reply) =>
      sendPdf(reply, () => reportFromLink(app, { id: request.params.id, token: request.query.token }, request.log)),
  );

  // The calendar app fetches a technician's feed with the token in the address.
  app.get(
    '/calendar/:token',
    {
      schema: {
        tags: ['profile'],
        summary: 'A agenda de visitas em iCalendar (assinada pelo Google Agenda ou pelo celular)',
        params: z.object({ token: z.string().max(200) }),
      },
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const appUrl = app.config.appUrl ?? 'http://localhost:3000';
      const feed = await calendarFeed(app.db, request.params.token.replace(/\.ics$/, ''), appUrl);
      if (feed === undefined) throw notFound();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="agenda.ics"')
        .header('cache-control', 'private, max-age=300')
        .send(feed);
    },
  );
};
