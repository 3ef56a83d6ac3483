import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availableTagsResponse,
  invoiceParams,
  invoicePictureParams,
  invoicePicturesResponse,
  invoiceTag,
  invoiceTagParams,
  listQuery,
  MAX_PHOTOS_PER_UPLOAD,
  paperworkMessages,
  pdfBody,
  pdfResponse,
  signLinkResponse,
} from '@oficina/contracts';
import { readImageUploads } from '../../lib/uploads.ts';
import { addPictures, getPictureFile, listPictures, removePicture } from './invoice-pictures.service.ts';
import { addTag, availableTags, removeTag } from './invoice-tags.service.ts';
import { requestPdf } from './invoice-pdf.service.ts';
import { renewSignLink } from './invoice-signing.service.ts';

const admin = { access: { admin: true } } as const;
const tags = ['invoices'];
const base = '/organizations/:orgId/invoices/:id';

/**
 * Photos, tags, the PDF link and the signing link of an order. Photos are open to everyone working
 * on the order; tags and renewing the signing link are the admin's.
 */
export const invoicePaperworkRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- photos ----
  app.get(
    `${base}/attachments/pictures`,
    { schema: { tags, params: invoiceParams, response: { 200: invoicePicturesResponse } } },
    (request) => listPictures(app.db, request.auth, request.params.id),
  );
  app.post(
    `${base}/attachments/pictures`,
    {
      schema: {
        tags,
        params: invoiceParams,
        summary: `Envia fotos (multipart, campo attachment repetido, até ${MAX_PHOTOS_PER_UPLOAD}; PNG ou JPEG)`,
        consumes: ['multipart/form-data'],
        response: { 201: invoicePicturesResponse },
      },
    },
    async (request, reply) => {
      const uploads = await readImageUploads(
        request,
        'attachment',
        MAX_PHOTOS_PER_UPLOAD,
        paperworkMessages.tooManyInUpload,
      );
      return reply.code(201).send(await addPictures(app.db, app.storage, request.auth, request.params.id, uploads));
    },
  );
  app.get(
    `${base}/attachments/pictures/:pictureId`,
    { schema: { tags, params: invoicePictureParams, summary: 'Baixa a foto em tamanho original' } },
    async (request, reply) => {
      const file = await getPictureFile(app.db, app.storage, request.auth, request.params.id, request.params.pictureId);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename="foto-${request.params.pictureId}"`)
        .send(file.data);
    },
  );
  app.delete(
    `${base}/attachments/pictures/:pictureId`,
    { schema: { tags, params: invoicePictureParams } },
    async (request, reply) => {
      await removePicture(app.db, app.storage, request.auth, request.params.id, request.params.pictureId);
      return reply.code(204).send();
    },
  );

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
};
