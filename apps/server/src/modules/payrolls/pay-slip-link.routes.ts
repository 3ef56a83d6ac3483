import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paySlipParams, pdfQuery } from '@ordem-certa/contracts';
import { linkRateLimit, sendPdf } from '../../core/documents/pdf-links.ts';
import { paySlipFromLink } from './pay-slip.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const route = routeOptions('public');

/** A worker's pay slip opened in a new tab from its short signed link. */
export const paySlipLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pdfs/payrolls/:id/workers/:workerId',
    route(
      'public',
      {
        summary:
          'O holerite do colaborador na folha (link curto e assinado, gerado por POST payrolls/{id}/workers/{workerId}/pdf)',
        security: [],
        params: paySlipParams,
        querystring: pdfQuery,
      },
      { rateLimit: linkRateLimit(300) },
    ),
    (request, reply) =>
      sendPdf(reply, () =>
        paySlipFromLink(app.db, app.links, request.params.id, request.params.workerId, request.query.token),
      ),
  );
};
