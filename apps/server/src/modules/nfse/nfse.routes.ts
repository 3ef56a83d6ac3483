import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  certificateUploadResponse,
  companyFiscalBody,
  companyFiscalResponse,
  idParam,
  invoiceParams,
  nfseCancelBody,
  nfseExportQuery,
  nfseResponse,
  nfseSubstituteBody,
  orgParam,
} from '@ordem-certa/contracts';
import { zipStream } from '../../lib/zip.ts';
import { getCompanyFiscal, putCompanyFiscal, uploadCertificate } from './fiscal-settings.service.ts';
import { getNfse, getNfseXml, type NfseContext, type NfseXmlKind } from './nfse.service.ts';
import { issueNfse, substituteNfse } from './nfse-issue.service.ts';
import { cancelNfse, refreshNfseStatus } from './nfse-cancel.service.ts';
import { sendDueNfse } from './nfse-job.ts';
import { nfseMonthEntries } from './nfse-export.service.ts';
import { nfseFinanceRoutes } from './nfse-finance.routes.ts';
import { getDanfse } from './danfse.service.ts';
import { provideServerIssuer } from './server-issuer.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const companyParams = orgParam.extend(idParam.shape);
const route = routeOptions('nfse', { feature: 'nfse' });

/**
 * NFS-e Nacional: a company's fiscal settings and A1 certificate, an order's NFS-e (issue, substitute,
 * status, XML, cancel) and the month's XML for the accountant. Admins of organizations with the nfse feature.
 */
export const nfseRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: NfseContext = { db: app.db, config: app.config, log: app.log };
  // A contract's period issues its order's NFS-e through the core's seam while this app runs.
  const stopProviding = provideServerIssuer(ctx);
  app.addHook('onClose', async () => stopProviding());
  await app.register(nfseFinanceRoutes);

  app.get(
    '/organizations/:orgId/companies/:id/fiscal',
    route('nfse.configure', {
      summary: 'Dados fiscais (NFS-e) da empresa e o certificado A1 (sem o arquivo nem a senha)',
      params: companyParams,
      response: { 200: companyFiscalResponse },
    }),
    (request) => getCompanyFiscal(ctx, request.auth.organizationId, request.params.id),
  );

  app.put(
    '/organizations/:orgId/companies/:id/fiscal',
    route('nfse.configure', {
      summary: 'Define os dados fiscais (NFS-e) da empresa',
      params: companyParams,
      body: companyFiscalBody,
      response: { 200: companyFiscalResponse },
    }),
    (request) => putCompanyFiscal(ctx, request.auth.organizationId, request.params.id, request.body),
  );

  app.post(
    '/organizations/:orgId/companies/:id/certificate',
    route('nfse.configure', {
      summary: 'Envia o certificado A1 da empresa (multipart: file = .pfx/.p12, password)',
      params: companyParams,
      consumes: ['multipart/form-data'],
      response: { 200: certificateUploadResponse },
    }),
    (request) => uploadCertificate(app.db, app.config, request.auth.organizationId, request.params.id, request),
  );

  const base = '/organizations/:orgId/invoices/:id/nfse';
  app.get(
    base,
    route('nfse.see', { summary: 'A NFS-e da ordem', params: invoiceParams, response: { 200: nfseResponse } }),
    (request) => getNfse(app.db, request.auth, request.params.id),
  );

  app.post(
    base,
    route('nfse.issue', {
      summary: 'Emite a NFS-e da ordem concluída (enviada ao sistema nacional em segundo plano)',
      params: invoiceParams,
      response: { 202: nfseResponse },
    }),
    async (request, reply) => {
      const nfse = await issueNfse(ctx, request.auth, request.params.id);
      // Sent at once by this instance; the job picks it up again if this attempt does not finish.
      setImmediate(() => void sendDueNfse(ctx).catch((err) => app.log.error({ err }, 'NFS-e send failed')));
      return reply.code(202).send(nfse);
    },
  );

  app.post(
    `${base}/substitute`,
    route('nfse.issue', {
      summary: 'Substitui a NFS-e emitida por uma nova (DPS com subst), com os dados atuais da ordem',
      params: invoiceParams,
      body: nfseSubstituteBody,
      response: { 202: nfseResponse },
    }),
    async (request, reply) => {
      const nfse = await substituteNfse(ctx, request.auth, request.params.id, request.body);
      setImmediate(() => void sendDueNfse(ctx).catch((err) => app.log.error({ err }, 'NFS-e send failed')));
      return reply.code(202).send(nfse);
    },
  );

  app.post(
    `${base}/refresh`,
    route('nfse.issue', {
      summary: 'Consulta no sistema nacional se a NFS-e continua válida (cancelada ou substituída fora daqui)',
      params: invoiceParams,
      response: { 200: nfseResponse },
    }),
    (request) => refreshNfseStatus(ctx, request.auth, request.params.id),
  );

  app.post(
    `${base}/cancel`,
    route('nfse.issue', {
      summary: 'Cancela a NFS-e emitida (evento de cancelamento)',
      params: invoiceParams,
      body: nfseCancelBody,
      response: { 200: nfseResponse },
    }),
    (request) => cancelNfse(ctx, request.auth, request.params.id, request.body),
  );

  const downloads: Array<[path: string, kind: NfseXmlKind]> = [
    ['dps.xml', 'dps'],
    ['nfse.xml', 'nfse'],
    ['cancel.xml', 'cancel'],
  ];
  for (const [path, kind] of downloads) {
    app.get(
      `${base}/${path}`,
      route('nfse.see', { summary: `Baixa o XML (${path})`, params: invoiceParams }),
      async (request, reply) => {
        const { xml, fileName } = await getNfseXml(app.db, request.auth, request.params.id, kind);
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(xml);
      },
    );
  }

  app.get(
    `${base}/danfse.pdf`,
    route('nfse.see', { summary: 'O DANFSe (PDF) da NFS-e da ordem', params: invoiceParams }),
    async (request, reply) => {
      const { pdf, fileName } = await getDanfse(app.db, request.auth, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );

  app.get(
    '/organizations/:orgId/nfse/export',
    route('nfse.see', {
      summary: 'Os XML das NFS-e emitidas no mês (e os cancelamentos), em ZIP',
      params: orgParam,
      querystring: nfseExportQuery,
    }),
    (request, reply) =>
      reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="NFSe-${request.query.month}.zip"`)
        .send(
          zipStream(nfseMonthEntries(app.db, request.auth.organizationId, request.query.month), (data) =>
            app.tasks.deflate(request.auth.organizationId, data),
          ),
        ),
  );
};
