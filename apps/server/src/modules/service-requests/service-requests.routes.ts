import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closeServiceRequestBody,
  convertedResponse,
  convertServiceRequestBody,
  orgParam,
  serviceRequest,
  serviceRequestList,
  serviceRequestParams,
  serviceRequestPictureParams,
  serviceRequestQuery,
} from '@ordem-certa/contracts';
import { routeOptions } from '../../plugins/route-options.ts';
import { closeRequest, convertRequest, getRequest, listRequests } from './service-requests.service.ts';
import { requestPicture } from './service-request-pictures.service.ts';

/** The office's side of 'Solicitar atendimento': the list, a request, its photos, and turning it into work. */
export const serviceRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptions('service-requests');
  const base = '/organizations/:orgId/service-requests';
  app.get(
    base,
    route('invoice.create', {
      summary: 'Os pedidos de atendimento (área do cliente e formulário público), os mais novos primeiro',
      params: orgParam,
      querystring: serviceRequestQuery,
      response: { 200: serviceRequestList },
    }),
    (request) => listRequests(app.db, request.auth.organizationId, request.query),
  );
  app.get(
    `${base}/:id`,
    route('invoice.create', {
      summary: 'Um pedido de atendimento',
      params: serviceRequestParams,
      response: { 200: serviceRequest },
    }),
    (request) => getRequest(app.db, request.auth.organizationId, request.params.id),
  );
  app.get(
    `${base}/:id/pictures/:pictureId`,
    route('invoice.create', { summary: 'Uma foto do pedido, como enviada', params: serviceRequestPictureParams }),
    async (request, reply) => {
      const { data, contentType } = await requestPicture(
        app.db,
        app.storage,
        request.auth.organizationId,
        request.params.id,
        request.params.pictureId,
      );
      return reply.type(contentType).header('cache-control', 'private, no-store').send(data);
    },
  );
  app.post(
    `${base}/:id/order`,
    route('invoice.create', {
      summary: 'Transforma o pedido em ordem de serviço (rascunho com o equipamento e o problema)',
      params: serviceRequestParams,
      body: convertServiceRequestBody,
      response: { 201: convertedResponse },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(await convertRequest(app.db, app.storage, request.auth, request.params.id, 'order', request.body)),
  );
  app.post(
    `${base}/:id/estimate`,
    route(
      { can: 'estimate.create', feature: 'estimates' },
      {
        summary: 'Transforma o pedido em orçamento (rascunho com o equipamento)',
        params: serviceRequestParams,
        body: convertServiceRequestBody,
        response: { 201: convertedResponse },
      },
    ),
    async (request, reply) =>
      reply
        .code(201)
        .send(await convertRequest(app.db, app.storage, request.auth, request.params.id, 'estimate', request.body)),
  );
  app.post(
    `${base}/:id/close`,
    route('invoice.create', {
      summary: 'Encerra o pedido sem visita (resolvido por telefone, duplicado…)',
      params: serviceRequestParams,
      body: closeServiceRequestBody,
      response: { 200: serviceRequest },
    }),
    (request) => closeRequest(app.db, request.auth.organizationId, request.params.id, request.body.reason),
  );
};
