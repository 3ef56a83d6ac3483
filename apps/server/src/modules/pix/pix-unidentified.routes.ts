import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attachPixBody,
  attachPixResponse,
  orgParam,
  pixReceivedParams,
  pixUnidentifiedListResponse,
  pixUnidentifiedQuery,
} from '@ordem-certa/contracts';
import { attachPix, listUnidentified } from './pix-unidentified.service.ts';

const tags = ['pix'];

/** 'Pix não identificados' (admins): the received Pix no charge of ours explains, and attaching one to an order. */
export const pixUnidentifiedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/pix/unidentified',
    {
      schema: {
        tags,
        summary: 'Pix recebidos sem cobrança conhecida, mais recentes primeiro',
        params: orgParam,
        querystring: pixUnidentifiedQuery,
        response: { 200: pixUnidentifiedListResponse },
      },
      config: { access: { can: 'payment.see' } },
    },
    (request) => listUnidentified(app.db, request.auth, request.query),
  );

  app.post(
    '/organizations/:orgId/pix/unidentified/:id/attach',
    {
      schema: {
        tags,
        summary: 'Associa o Pix a uma ordem (ou a uma parcela dela): vira um pagamento Pix da ordem',
        params: pixReceivedParams,
        body: attachPixBody,
        response: { 200: attachPixResponse },
      },
      config: { access: { can: 'payment.record' } },
    },
    (request) => attachPix(app.db, request.auth, request.params.id, request.body),
  );
};
