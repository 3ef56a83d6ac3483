import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pdfQuery,
  publicInvoice,
  publicInvoiceParams,
  publicInvoiceQuery,
  publicSignBody,
} from '@ordem-certa/contracts';
import { linkRateLimit, sendPdf } from '../../core/documents/pdf-links.ts';
import { checkedKey } from '../../plugins/idempotency.ts';
import { pdfFromLink } from './invoice-pdf.service.ts';
import { assertSignLink, getPublicInvoice, publicDanfse, signPublicInvoice } from './invoice-signing.service.ts';

const tags = ['public'];

/**
 * The order reached from a link: the signing page's API (its link carries the order's random signing
 * token) and the order's PDF opened in a new tab (a short signed link).
 */
export const invoiceLinkRoutes: FastifyPluginAsyncZod = async (app) => {
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
      config: { access: 'public', rateLimit: linkRateLimit(120) },
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
      config: { access: 'public', rateLimit: linkRateLimit(20) },
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
      config: { access: 'public', rateLimit: linkRateLimit(300) },
    },
    (request, reply) =>
      sendPdf(reply, async () => {
        const link = { id: request.params.id, token: request.query.token };
        const { pdf, number } = await pdfFromLink(app, link, request.log);
        return { pdf, fileName: `OS-${number}.pdf` };
      }),
  );

  app.get(
    '/public/invoices/:id/danfse.pdf',
    {
      schema: {
        tags,
        summary: 'O DANFSe (PDF) da NFS-e da ordem, pelo link do cliente',
        security: [],
        params: publicInvoiceParams,
        querystring: publicInvoiceQuery,
      },
      config: { access: 'public', rateLimit: linkRateLimit(60) },
    },
    (request, reply) => sendPdf(reply, () => publicDanfse(app.db, request.params.id, request.query.token)),
  );
};
