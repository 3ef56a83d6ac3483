import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listQuery,
  MAX_REQUEST_PHOTOS,
  messages,
  messageResponse,
  portalIdParam,
  portalOrgParams,
  portalServiceRequestBody,
  PUBLIC_FORM_MIN_SECONDS,
  PUBLIC_REQUESTS_PER_EMAIL_HOUR,
  publicFormResponse,
  publicServiceRequestBody,
  type PublicServiceRequestBody,
  serviceRequest,
  serviceRequestList,
  serviceRequestMessages as msg,
} from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { eq } from 'drizzle-orm';
import { routeOptions } from '../../plugins/route-options.ts';
import { linkRateLimit } from '../../core/documents/pdf-links.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { countHit } from '../../lib/rate-limit-store.ts';
import { readImageUploads } from '../../lib/uploads.ts';
import { withStoredPhotos } from '../../lib/stored-photos.ts';
import { createPortalRequest, createPublicRequest, portalRequests } from './service-requests.service.ts';
import { addRequestPictures, assertOwnOpenRequest } from './service-request-pictures.service.ts';

const FORM = 'service-request-form';

/**
 * 'Solicitar atendimento' for the customer (portal session) and, with no login, the company's public form.
 * The public form has no CAPTCHA: each address sends a few a minute, each e-mail a few an hour, a field
 * people never see must stay empty (filled, the answer is the same and nothing is kept), and the form's
 * token, given with the page, must be at least a few seconds old. With photos it is one multipart
 * request (the request and its photos kept together or not at all), counted once as without.
 */
export const serviceRequestPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const portal = routeOptions('portal');
  app.get(
    '/portal/service-requests',
    portal('portal', {
      summary: 'Os pedidos de atendimento do cliente e a situação de cada um',
      querystring: listQuery,
      response: { 200: serviceRequestList },
    }),
    (request) => portalRequests(app.db, request.portal, request.query),
  );
  app.post(
    '/portal/service-requests',
    portal(
      'portal',
      {
        summary: 'Solicitar atendimento: equipamento, problema, dias e horários preferidos',
        body: portalServiceRequestBody,
        response: { 201: serviceRequest },
      },
      { rateLimit: linkRateLimit(10) },
    ),
    async (request, reply) => reply.code(201).send(await createPortalRequest(app.db, request.portal, request.body)),
  );
  app.post(
    '/portal/service-requests/:id/pictures',
    portal(
      'portal',
      {
        summary: `Fotos do pedido (multipart, campo attachment repetido, até ${MAX_REQUEST_PHOTOS}; PNG ou JPEG)`,
        params: portalIdParam,
        consumes: ['multipart/form-data'],
        response: { 200: serviceRequest },
      },
      { rateLimit: linkRateLimit(20) },
    ),
    async (request) => {
      await assertOwnOpenRequest(app.db, request.portal, request.params.id);
      const uploads = await readImageUploads(request, 'attachment', MAX_REQUEST_PHOTOS, msg.tooManyPhotos);
      return addRequestPictures(app.db, app.storage, request.portal, request.params.id, uploads);
    },
  );

  const open = routeOptions('public');
  app.get(
    '/public/portal/:organizationId/service-request-form',
    open(
      'public',
      {
        summary: 'O formulário público de pedido de atendimento: o token que o data',
        security: [],
        params: portalOrgParams,
        response: { 200: publicFormResponse },
      },
      { rateLimit: linkRateLimit(60) },
    ),
    async (request) => {
      const o = schema.organizations;
      const [org] = await app.db.select({ id: o.id }).from(o).where(eq(o.id, request.params.organizationId));
      if (!org) throw notFound();
      const formToken = await app.links.sign(FORM, { org: org.id, at: Date.now() }, 3600);
      return { formToken };
    },
  );
  /**
   * The checks every public request passes before anything is kept: the form's token (this
   * organization's, old enough). Answers false for a robot's request (the trap field filled), which is
   * answered as anyone's and kept nowhere.
   */
  const admitted = async (organizationId: number, body: PublicServiceRequestBody) => {
    const claims = await app.links.verify(FORM, body.formToken);
    if (typeof claims !== 'object' || claims.org !== organizationId || typeof claims.at !== 'number')
      throw invalid({ formToken: msg.formExpired });
    if (Date.now() - claims.at < PUBLIC_FORM_MIN_SECONDS * 1000) throw invalid({ formToken: msg.tooFast });
    return !body.website;
  };
  /** One request counted against its e-mail's hourly limit (429 past it). */
  const countEmail = async (organizationId: number, email: string) => {
    const { current } = await countHit(app.db, `public-request:${organizationId}:${email}`, 60 * 60_000);
    if (current > PUBLIC_REQUESTS_PER_EMAIL_HOUR) throw new AppError(429, [msg.tooMany]);
  };
  app.post(
    '/public/portal/:organizationId/service-requests',
    open(
      'public',
      {
        summary: 'Pedido de atendimento pelo formulário público (novos clientes, sem login)',
        security: [],
        params: portalOrgParams,
        body: publicServiceRequestBody,
        response: { 202: messageResponse },
      },
      { rateLimit: linkRateLimit(5) },
    ),
    async (request, reply) => {
      const { organizationId } = request.params;
      if (await admitted(organizationId, request.body)) {
        await countEmail(organizationId, request.body.email);
        await createPublicRequest(app.db, organizationId, request.body);
      }
      return reply.code(202).send({ message: msg.created });
    },
  );
  app.post(
    '/public/portal/:organizationId/service-requests/with-photos',
    open(
      'public',
      {
        summary: `Pedido de atendimento pelo formulário público com fotos (multipart: o campo request com o JSON do pedido e attachment repetido, até ${MAX_REQUEST_PHOTOS}; PNG ou JPEG)`,
        security: [],
        params: portalOrgParams,
        consumes: ['multipart/form-data'],
        response: { 202: messageResponse },
      },
      // The same budget per address as the request without photos: the two routes are one form.
      { rateLimit: linkRateLimit(5) },
    ),
    async (request, reply) => {
      const { organizationId } = request.params;
      const fields: Record<string, string> = {};
      const uploads = await readImageUploads(request, 'attachment', MAX_REQUEST_PHOTOS, msg.tooManyPhotos, fields);
      const body = publicRequestPart(fields.request);
      if (await admitted(organizationId, body)) {
        // Decoded first (a photo that is no image refuses all, uncounted), then counted once and kept
        // with its photos; refused by the limit, the photos' files go again.
        await withStoredPhotos(
          app.storage,
          { organizationId, folder: 'service-requests/public', field: 'attachment' },
          uploads,
          async (files) => {
            await countEmail(organizationId, body.email);
            return createPublicRequest(app.db, organizationId, body, files);
          },
        );
      }
      return reply.code(202).send({ message: msg.created });
    },
  );
};

/** The `request` part of the public form with photos: the same JSON as the request without them, checked alike. */
function publicRequestPart(raw: string | undefined): PublicServiceRequestBody {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '');
  } catch {
    throw invalid({ request: messages.invalidFormat });
  }
  const parsed = publicServiceRequestBody.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[issue.path.join('.') || 'request'] ??= []).push(issue.message);
  throw invalid(fields);
}
