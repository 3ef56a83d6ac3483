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
import { recordEmailDeps } from '../../core/records/email.ts';

const tags = ['invoices'];
const base = '/organizations/:orgId/invoices/:id';

/**
 * Photos, tags, the PDF link, e-mails and the signing link of an order. Photos are open to everyone
 * working on the order; tags, e-mails and renewing the signing link are the admin's.
 */
export const invoicePaperworkRoutes: FastifyPluginAsyncZod = async (app) => {
  pictureRoutes(app, base, invoicePictures, { tags, see: { can: 'invoice.see' }, change: { can: 'invoice.comment' } });

  // ---- tags ----
  app.get(
    `${base}/tags/available`,
    {
      schema: { tags, params: invoiceParams, querystring: listQuery, response: { 200: availableTagsResponse } },
      config: { access: { can: 'tag.apply' } },
    },
    (request) => availableTags(app.db, request.auth, request.params.id, request.query),
  );
  app.post(
    `${base}/tags/:tagId`,
    {
      schema: { tags, params: invoiceTagParams, response: { 201: invoiceTag } },
      config: { access: { can: 'tag.apply' } },
    },
    async (request, reply) =>
      reply.code(201).send(await addTag(app.db, request.auth, request.params.id, request.params.tagId)),
  );
  app.delete(
    `${base}/tags/:tagId`,
    { schema: { tags, params: invoiceTagParams }, config: { access: { can: 'tag.apply' } } },
    async (request, reply) => {
      await removeTag(app.db, request.auth, request.params.id, request.params.tagId);
      return reply.code(204).send();
    },
  );

  // ---- the customer's signature ----
  app.get(
    `${base}/signatures/:signatureId/image`,
    {
      config: { access: { can: 'invoice.see' } },
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
    {
      config: { access: { can: 'invoice.see' } },
      schema: { tags, params: invoiceParams, body: pdfBody, response: { 200: pdfResponse } },
    },
    (request) => requestPdf(app.db, app.links, request.auth, request.params.id, request.body.showValues),
  );
  app.post(
    `${base}/sign-link`,
    {
      schema: { tags, params: invoiceParams, response: { 200: signLinkResponse } },
      config: { access: { can: 'invoice.send' } },
    },
    (request) => renewSignLink(app.db, request.auth, request.params.id),
  );

  // ---- e-mail ----
  app.post(
    `${base}/email`,
    {
      schema: { tags, params: invoiceParams, body: sendEmailBody, response: { 200: sentEmail } },
      // Per organization, whichever order or instance: counted in the database after the login is checked.
      config: {
        access: { can: 'invoice.send' },
        rateLimit: {
          max: INVOICE_EMAILS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `org-${request.auth.organizationId}`,
          errorResponseBuilder: () => ({ statusCode: 429, errors: [paperworkMessages.emailsTooFast] }),
        },
      },
    },
    (request) => sendInvoiceEmail(recordEmailDeps(app, request), request.auth, request.params.id, request.body.to),
  );
  app.get(
    `${base}/emails`,
    {
      schema: { tags, params: invoiceParams, response: { 200: sentEmailsResponse } },
      config: { access: { can: 'invoice.send' } },
    },
    (request) => listInvoiceEmails(app.db, request.auth, request.params.id),
  );
};
