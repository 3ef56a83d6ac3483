import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pathId,
  pictureVisibilityBody,
  portalIdParam,
  portalOrderDetail,
  portalOrderList,
  portalOrderQuery,
  portalPictureParams,
} from '@ordem-certa/contracts';
import { routeOptions } from '../../plugins/route-options.ts';
import { portalOrder, portalOrders, portalPicture, setPictureVisibility } from './invoice-portal.service.ts';

/** The customer's orders in their portal, and the office's mark on a photo that the customer sees it. */
export const invoicePortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const office = routeOptions('invoices');
  app.put(
    '/organizations/:orgId/invoices/:id/attachments/pictures/:pictureId/customer-visible',
    office('invoice.edit', {
      summary: "Marcar a foto da ordem como 'visível ao cliente' (área do cliente) ou ocultá-la",
      params: z.object({ orgId: pathId(), id: pathId(), pictureId: pathId() }),
      body: pictureVisibilityBody,
      response: { 200: pictureVisibilityBody },
    }),
    async (request) => {
      await setPictureVisibility(
        app.db,
        request.auth,
        request.params.id,
        request.params.pictureId,
        request.body.customerVisible,
      );
      return { customerVisible: request.body.customerVisible };
    },
  );

  const portal = routeOptions('portal');
  app.get(
    '/portal/orders',
    portal('portal', {
      summary: 'As ordens de serviço do cliente (abertas ou passadas)',
      querystring: portalOrderQuery,
      response: { 200: portalOrderList },
    }),
    (request) => portalOrders(app.db, request.portal, request.query),
  );
  app.get(
    '/portal/orders/:id',
    portal('portal', {
      summary: 'Uma ordem de serviço do cliente, com as fotos visíveis ao cliente',
      params: portalIdParam,
      response: { 200: portalOrderDetail },
    }),
    (request) => portalOrder(app.db, request.portal, request.params.id),
  );
  app.get(
    '/portal/orders/:id/pictures/:pictureId',
    portal('portal', { summary: 'Uma foto visível ao cliente, como enviada', params: portalPictureParams }),
    async (request, reply) => {
      const { data, contentType } = await portalPicture(
        app.db,
        app.storage,
        request.portal,
        request.params.id,
        request.params.pictureId,
      );
      return reply.type(contentType).header('cache-control', 'private, no-store').send(data);
    },
  );
};
