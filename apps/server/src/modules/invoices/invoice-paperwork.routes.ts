import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availableTagsResponse,
  invoiceParams,
  invoiceSignatureParams,
  invoiceTag,
  invoiceTagParams,
  listQuery,
  INVOICE_EMAILS_PER_MINUTE,
  paperworkMessages,
  pdfBody,
  pdfResponse,
  sendEmailBody,
  sentEmail,
  sentEmailsResponse,
  signLinkResponse,
} from '@ordem-certa/contracts';
import { invoicePictures } from './invoice-pictures.service.ts';
import { pictureRoutes } from '../../core/records/picture-routes.ts';
import { addTag, availableTags, removeTag } from './invoice-tags.service.ts';
import { requestPdf } from './invoice-pdf.service.ts';
import { renewSignLink } from './invoice-signing.service.ts';
import { signatureImage } from './invoice-signature.ts';
import { listInvoiceEmails, sendInvoiceEmail } from './invoice-email.service.ts';

const admin = { access: { admin: true } } as const;
const tags = ['invoices'];
const base = '/organizations/:orgId/invoices/:id';

/**
 * Photos, tags, the PDF link, e-mails and the signing link of an order. Photos are open to everyone
 * working on the order; tags, e-mails and renewing the signing link are the admin's.
 */
export const invoicePaperworkRoutes: FastifyPluginAsyncZod = async (app) => {
  pictureRoutes(app, base, invoicePictures, { tags, access: {} });

  // ---- tags ----
  app.get(
    `${base}/tags/available`,
    {
      schema: { tags, params: invoiceParams, querystring: listQuery, response: { 200: availableTagsResponse } },
      config: admin,
    },
    (request) => availableTags(app.db, request.auth, request.params.id, request.query),
  );
  app.post(
    `${base}/tags/:tagId`,
    { schema: { tags, params: invoiceTagParams, response: { 201: invoiceTag } }, config: admin },
    async (request, reply) =>
      reply.code(201).send(await addTag(app.db, request.auth, request.params.id, request.params.tagId)),
  );
  app.delete(
    `${base}/tags/:tagId`,
    { schema: { tags, params: invoiceTagParams }, config: admin },
    async (request, reply) => {
      await removeTag(app.db, request.auth, request.params.id, request.params.tagId);
      return reply.code(204).send();
    },
  );

  // ---- the customer's signature ----
  app.get(
    `${base}/signatures/:signatureId/image`,
    {
      schema: {
        tags,
        params: invoiceSignatureParams,
        summary: 'Baixa a imagem da assinatura do cliente (PNG, a cópia impressa no PDF)',
      },
    },
    async (request, reply) => {
      const { id, signatureId } = request.params;
      const png = await signatureImage(app.db, request.auth, id, signatureId);
      // A signature is never redrawn (only erased by an anonymization): a browser keeps it for an hour.
      return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
    },
  );

  // ---- PDF and signing link ----
  app.post(
    `${base}/pdf`,
    { schema: { tags, params: invoiceParams, body: pdfBody, response: { 200: pdfResponse } } },
    (request) => requestPdf(app.db, app.links, request.auth, request.params.id, request.body.showValues),
  );
  app.post(
    `${base}/sign-link`,
    { schema: { tags, params: invoiceParams, response: { 200: signLinkResponse } }, config: admin },
    (request) => renewSignLink(app.db, request.auth, request.params.id),
  );

  // ---- e-mail ----
  app.post(
    `${base}/email`,
    {
      schema: { tags, params: invoiceParams, body: sendEmailBody, response: { 200: sentEmail } },
      // Per organization, whichever order or instance: counted in the database after the login is checked.
      config: {
        ...admin,
        rateLimit: {
          max: INVOICE_EMAILS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `org-${request.auth.organizationId}`,
          errorResponseBuilder: () => ({ statusCode: 429, errors: [paperworkMessages.emailsTooFast] }),
        },
      },
    },
    (request) =>
      sendInvoiceEmail(
        {
          db: app.db,
          storage: app.storage,
          mailer: app.mailer,
          mailFrom: app.mailFrom,
          log: request.log,
          // The address the app is configured at; else the one the admin is using it at.
          appUrl: app.config.appUrl ?? `${request.protocol}://${request.host}`,
        },
        request.auth,
        request.params.id,
        request.body.to,
      ),
  );
  app.get(
    `${base}/emails`,
    { schema: { tags, params: invoiceParams, response: { 200: sentEmailsResponse } }, config: admin },
    (request) => listInvoiceEmails(app.db, request.auth, request.params.id),
  );
};
