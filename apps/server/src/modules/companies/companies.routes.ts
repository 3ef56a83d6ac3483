import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  companyEmailBody,
  companyWhatsAppBody,
  companyWhatsAppResponse,
  companyBrandColorBody,
  companyPixBody,
  companyListResponse,
  companyResponse,
  companySignBody,
  companySignResponse,
  createCompanyBody,
  imageUploadResponse,
  listQuery,
  orgParam,
  updateCompanyBody,
} from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createParty, keptPartyList, updateParty } from '../../core/registers/parties.ts';
import { readImageUpload } from '../../lib/uploads.ts';
import {
  deleteCompanyImage,
  getCompany,
  getCompanyImage,
  putCompanyImage,
  signCompany,
  updateCompanyEmail,
  updateCompanyBrandColor,
  updateCompanyPix,
  getCompanyWhatsApp,
  updateCompanyWhatsApp,
  type CompanyImage,
} from './companies.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const params = orgParam.extend(idParam.shape);
const route = routeOptions('companies');

/** Companies: identity, e-mail and WhatsApp templates, drawn signature, logo and signature image. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/companies',
    route('company.see', { params: orgParam, querystring: listQuery, response: { 200: companyListResponse } }),
    (request, reply) => keptPartyList(app.db, schema.companies, request, reply, request.query),
  );

  app.post(
    '/organizations/:orgId/companies',
    route('company.manage', { params: orgParam, body: createCompanyBody, response: { 201: companyResponse } }),
    async (request, reply) => {
      const { id } = await createParty(app.db, schema.companies, request.auth.organizationId, request.body);
      return reply.code(201).send(await getCompany(app.db, request.auth.organizationId, id));
    },
  );

  app.get(
    '/organizations/:orgId/companies/:id',
    route('company.see', { params, response: { 200: companyResponse } }),
    (request) => getCompany(app.db, request.auth.organizationId, request.params.id),
  );

  app.put(
    '/organizations/:orgId/companies/:id',
    route('company.manage', { params, body: updateCompanyBody, response: { 200: companyResponse } }),
    async (request) => {
      await updateParty(app.db, schema.companies, request.auth.organizationId, request.params.id, request.body);
      return getCompany(app.db, request.auth.organizationId, request.params.id);
    },
  );

  app.post(
    '/organizations/:orgId/companies/:id/email',
    route('company.manage', { params, body: companyEmailBody, response: { 200: companyResponse } }),
    (request) => updateCompanyEmail(app.db, request.auth.organizationId, request.params.id, request.body),
  );

  app.get(
    '/organizations/:orgId/companies/:id/whatsapp',
    route('company.see', {
      summary: 'Mensagem do WhatsApp da empresa (a padrão quando não definida)',
      params,
      response: { 200: companyWhatsAppResponse },
    }),
    (request) => getCompanyWhatsApp(app.db, request.auth.organizationId, request.params.id),
  );

  app.put(
    '/organizations/:orgId/companies/:id/whatsapp',
    route('company.manage', {
      summary: 'Define a mensagem do WhatsApp da empresa (vazia: a padrão)',
      params,
      body: companyWhatsAppBody,
      response: { 200: companyResponse },
    }),
    (request) => updateCompanyWhatsApp(app.db, request.auth.organizationId, request.params.id, request.body),
  );

  app.put(
    '/organizations/:orgId/companies/:id/brand-color',
    route('company.manage', {
      summary: 'Define a cor da área do cliente da empresa (#rrggbb), ou volta à cor padrão',
      params,
      body: companyBrandColorBody,
      response: { 200: companyResponse },
    }),
    (request) =>
      updateCompanyBrandColor(app.db, request.auth.organizationId, request.params.id, request.body.brandColor),
  );

  app.put(
    '/organizations/:orgId/companies/:id/pix',
    route('company.manage', {
      summary: 'Define ou remove a chave PIX da empresa',
      params,
      body: companyPixBody,
      response: { 200: companyResponse },
    }),
    (request) => updateCompanyPix(app.db, request.auth.organizationId, request.params.id, request.body.pixKey),
  );

  app.post(
    '/organizations/:orgId/companies/:id/sign',
    route('company.manage', { params, body: companySignBody, response: { 200: companySignResponse } }),
    (request) => signCompany(app.db, request.auth.organizationId, request.params.id, request.body.signature),
  );

  // The logo and the signature image: multipart upload (field named as the path), binary download.
  const images: Array<[path: string, image: CompanyImage]> = [
    ['logo', 'logo'],
    ['signature-image', 'signatureImage'],
  ];
  const sendImage = (reply: FastifyReply, file: { data: Buffer; contentType: string }) =>
    reply.type(file.contentType).header('cache-control', 'private, no-store').send(file.data);

  for (const [path, image] of images) {
    app.get(
      `/organizations/:orgId/companies/:id/${path}`,
      route('company.see', { params, summary: `Baixa a imagem (${path})` }),
      async (request, reply) =>
        sendImage(
          reply,
          await getCompanyImage(app.db, app.storage, request.auth.organizationId, request.params.id, image),
        ),
    );
    app.post(
      `/organizations/:orgId/companies/:id/${path}`,
      route('company.manage', {
        params,
        summary: `Envia a imagem (multipart, campo ${path}; PNG ou JPEG)`,
        consumes: ['multipart/form-data'],
        response: { 200: imageUploadResponse },
      }),
      async (request) => {
        const upload = await readImageUpload(request, path);
        return putCompanyImage(app.db, app.storage, request.auth.organizationId, request.params.id, image, upload);
      },
    );
    app.delete(
      `/organizations/:orgId/companies/:id/${path}`,
      route('company.manage', { params }),
      async (request, reply) => {
        await deleteCompanyImage(app.db, app.storage, request.auth.organizationId, request.params.id, image);
        return reply.code(204).send();
      },
    );
  }
};
