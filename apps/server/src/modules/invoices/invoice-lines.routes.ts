import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCommentBody,
  addEquipmentBody,
  addProductBody,
  addServiceBody,
  addWorkerBody,
  COMMENTS_PER_MINUTE,
  availableResponse,
  editProductLineBody,
  editServiceLineBody,
  invoiceComment,
  invoiceCommentParams,
  invoiceCommentsResponse,
  invoiceCommentTypeParams,
  invoiceEquipmentLine,
  invoiceMessages,
  invoiceLineParams,
  invoiceParams,
  invoiceProductLine,
  invoiceServiceLine,
  invoiceWorkerLine,
  listQuery,
  type Permission,
} from '@ordem-certa/contracts';
import {
  addEquipment,
  addProduct,
  addService,
  addWorker,
  availableEquipments,
  availableProducts,
  availableServices,
  availableWorkers,
  editLine,
  removeLine,
  type LineKind,
} from './invoice-lines.service.ts';
import { addComment, listComments, removeComment } from './invoice-comments.service.ts';

const tags = ['invoices'];
const base = '/organizations/:orgId/invoices/:id';

/**
 * Lines and comments of an order. Services, products and workers are the admin's (prices, payroll);
 * equipment and comments are open to the collaborators working on the order.
 */
export const invoiceLineRoutes: FastifyPluginAsyncZod = async (app) => {
  const available = { tags, params: invoiceParams, querystring: listQuery, response: { 200: availableResponse } };
  app.get(`${base}/services/available`, { schema: available, config: { access: { can: 'invoice.edit' } } }, (request) =>
    availableServices(app.db, request.auth, request.params.id, request.query),
  );
  app.get(`${base}/products/available`, { schema: available, config: { access: { can: 'invoice.edit' } } }, (request) =>
    availableProducts(app.db, request.auth, request.params.id, request.query),
  );
  app.get(
    `${base}/equipments/available`,
    { config: { access: { can: 'invoice.work' } }, schema: available },
    (request) => availableEquipments(app.db, request.auth, request.params.id, request.query),
  );
  app.get(
    `${base}/workers/available`,
    { schema: available, config: { access: { can: 'invoice.assign' } } },
    (request) => availableWorkers(app.db, request.auth, request.params.id, request.query),
  );

  app.post(
    `${base}/services`,
    {
      schema: { tags, params: invoiceParams, body: addServiceBody, response: { 201: invoiceServiceLine } },
      config: { access: { can: 'invoice.edit' } },
    },
    async (request, reply) =>
      reply.code(201).send(await addService(app.db, request.auth, request.params.id, request.body)),
  );
  app.post(
    `${base}/products`,
    {
      schema: { tags, params: invoiceParams, body: addProductBody, response: { 201: invoiceProductLine } },
      config: { access: { can: 'invoice.edit' } },
    },
    async (request, reply) =>
      reply.code(201).send(await addProduct(app.db, request.auth, request.params.id, request.body)),
  );
  app.post(
    `${base}/equipments`,
    {
      config: { access: { can: 'invoice.work' } },
      schema: { tags, params: invoiceParams, body: addEquipmentBody, response: { 201: invoiceEquipmentLine } },
    },
    async (request, reply) =>
      reply.code(201).send(await addEquipment(app.db, request.auth, request.params.id, request.body.equipment)),
  );
  app.post(
    `${base}/workers`,
    {
      schema: { tags, params: invoiceParams, body: addWorkerBody, response: { 201: invoiceWorkerLine } },
      config: { access: { can: 'invoice.assign' } },
    },
    async (request, reply) =>
      reply.code(201).send(await addWorker(app.db, request.auth, request.params.id, request.body.worker)),
  );

  app.patch(
    `${base}/services/:lineId`,
    {
      schema: { tags, params: invoiceLineParams, body: editServiceLineBody, response: { 200: invoiceServiceLine } },
      config: { access: { can: 'invoice.edit' } },
    },
    (request) => editLine(app.db, request.auth, request.params.id, 'services', request.params.lineId, request.body),
  );
  app.patch(
    `${base}/products/:lineId`,
    {
      schema: { tags, params: invoiceLineParams, body: editProductLineBody, response: { 200: invoiceProductLine } },
      config: { access: { can: 'invoice.edit' } },
    },
    (request) => editLine(app.db, request.auth, request.params.id, 'products', request.params.lineId, request.body),
  );

  // Who takes a line off: the office its services and products, who assigns its workers, who works
  // on it the equipment served.
  const removals: Array<[LineKind, Permission]> = [
    ['services', 'invoice.edit'],
    ['products', 'invoice.edit'],
    ['equipments', 'invoice.work'],
    ['workers', 'invoice.assign'],
  ];
  for (const [kind, permission] of removals) {
    app.delete(
      `${base}/${kind}/:lineId`,
      { schema: { tags, params: invoiceLineParams }, config: { access: { can: permission } } },
      async (request, reply) => {
        await removeLine(app.db, request.auth, request.params.id, kind, request.params.lineId);
        return reply.code(204).send();
      },
    );
  }

  app.get(
    `${base}/comments/type/:type`,
    {
      config: { access: { can: 'invoice.see' } },
      schema: { tags, params: invoiceCommentTypeParams, response: { 200: invoiceCommentsResponse } },
    },
    (request) => listComments(app.db, request.auth, request.params.id, request.params.type),
  );
  app.post(
    `${base}/comments`,
    {
      schema: { tags, params: invoiceParams, body: addCommentBody, response: { 201: invoiceComment } },
      // Per user, whichever order or instance: counted in the database after the login is checked.
      config: {
        access: { can: 'invoice.comment' },
        rateLimit: {
          max: COMMENTS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `user-${request.auth.userId}`,
          errorResponseBuilder: () => ({ statusCode: 429, errors: [invoiceMessages.commentsTooFast] }),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addComment(app.db, request.auth, request.params.id, request.body)),
  );
  app.delete(
    `${base}/comments/:commentId`,
    { config: { access: { can: 'invoice.comment' } }, schema: { tags, params: invoiceCommentParams } },
    async (request, reply) => {
      await removeComment(app.db, request.auth, request.params.id, request.params.commentId);
      return reply.code(204).send();
    },
  );
};
