import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceParams, pixPaymentsResponse, pixRefundBody, pixRefundParams } from '@ordem-certa/contracts';
import type { PixContext } from './pix-psp.service.ts';
import { listPixPayments, requestRefund } from './pix-refunds.service.ts';

const tags = ['pix'];

/** The order's payments that came by Pix, and 'Devolver' (a refund through the PSP) on one of them. */
export const pixRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PixContext = { db: app.db, config: app.config, log: app.log };
  app.get(
    '/organizations/:orgId/invoices/:id/pix-payments',
    {
      schema: {
        tags,
        summary: 'Os Pix recebidos da ordem, quanto ainda pode ser devolvido e as devoluções',
        params: invoiceParams,
        response: { 200: pixPaymentsResponse },
      },
      config: { access: { can: 'payment.see' } },
    },
    (request) => listPixPayments(app.db, request.auth, request.params.id),
  );

  app.post(
    '/organizations/:orgId/invoices/:id/payments/:paymentId/pix-refund',
    {
      schema: {
        tags,
        summary: 'Devolve (parte de) um pagamento Pix pelo PSP; o pagamento é estornado quando o PSP confirmar',
        params: pixRefundParams,
        body: pixRefundBody,
        response: { 200: pixPaymentsResponse },
      },
      config: { access: { can: 'payment.record' } },
    },
    (request) => requestRefund(ctx, request.auth, request.params.id, request.params.paymentId, request.body),
  );
};
