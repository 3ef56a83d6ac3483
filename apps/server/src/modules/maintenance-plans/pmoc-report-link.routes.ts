import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pdfQuery, publicInvoiceParams } from '@ordem-certa/contracts';
import { linkRateLimit, sendPdf } from '../../core/documents/pdf-links.ts';
import { reportFromLink } from './pmoc-report.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('maintenance-plans');

/** A plan's PMOC report of a period opened in a new tab from its short signed link. */
export const pmocReportLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pdfs/maintenance-plans/:id',
    route(
      'public',
      {
        summary:
          'O relatório PMOC do plano no período (link curto e assinado, gerado por POST maintenance-plans/{id}/report)',
        security: [],
        params: publicInvoiceParams,
        querystring: pdfQuery,
      },
      { rateLimit: linkRateLimit(300) },
    ),
    (request, reply) =>
      sendPdf(reply, () => reportFromLink(app, { id: request.params.id, token: request.query.token }, request.log)),
  );
};
