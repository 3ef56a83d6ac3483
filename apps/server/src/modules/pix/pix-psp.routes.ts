import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, orgParam, pixPspBody, pixPspResponse, pixPspTestResponse } from '@ordem-certa/contracts';
import {
  deletePixPsp,
  getPixPsp,
  putPixPsp,
  testPixPsp,
  uploadPspCertificate,
  type PixContext,
} from './pix-psp.service.ts';

const params = orgParam.extend(idParam.shape);
const admin = { access: { admin: true } } as const;
const tags = ['pix'];
const base = '/organizations/:orgId/companies/:id/pix-psp';

/** A company's connection to its PSP's API Pix (admins): read, save, remove, client certificate, test. */
export const pixPspRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PixContext = { db: app.db, config: app.config, log: app.log };

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'Conexão da empresa com o PSP (API Pix), sem os segredos',
        params,
        response: { 200: pixPspResponse },
      },
      config: admin,
    },
    (request) => getPixPsp(ctx, request.auth.organizationId, request.params.id),
  );

  app.put(
    base,
    {
      schema: {
        tags,
        summary: 'Salva a conexão com o PSP e registra o webhook na chave PIX da empresa',
        params,
        body: pixPspBody,
        response: { 200: pixPspResponse },
      },
      config: admin,
    },
    (request) => putPixPsp(ctx, request.auth.organizationId, request.params.id, request.body),
  );

  app.delete(
    base,
    { schema: { tags, summary: 'Remove a conexão com o PSP', params }, config: admin },
    async (request, reply) => {
      await deletePixPsp(ctx, request.auth.organizationId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/certificate`,
    {
      schema: {
        tags,
        summary: 'Envia o certificado do cliente para o mTLS com o PSP (multipart: file = .pfx/.p12, password)',
        params,
        consumes: ['multipart/form-data'],
        response: { 200: pixPspResponse },
      },
      config: admin,
    },
    (request) => uploadPspCertificate(ctx, request.auth.organizationId, request.params.id, request),
  );

  app.post(
    `${base}/test`,
    {
      schema: {
        tags,
        summary: 'Testa a conexão: obtém um token e faz uma consulta; diz o que falhou',
        params,
        response: { 200: pixPspTestResponse },
      },
      config: admin,
    },
    (request) => testPixPsp(ctx, request.auth.organizationId, request.params.id),
  );
};
