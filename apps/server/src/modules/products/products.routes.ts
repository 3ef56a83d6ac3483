import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  listQuery,
  orgParam,
  productBody,
  productListQuery,
  productResponse,
  stockMovementBody,
  stockMovementCreated,
  stockMovementListResponse,
} from '@ordem-certa/contracts';
import { byActor, registerRoutes, registerRouteSchemas } from '../../core/registers/register-routes.ts';
import { createProduct, getProduct, listProducts, updateProduct } from './products.service.ts';
import { addMovement, listMovements } from './stock.service.ts';

const route = registerRouteSchemas(
  'products',
  { query: productListQuery, body: productBody, response: productResponse },
  { read: { can: 'product.see' }, write: { can: 'product.manage' } },
);
const productParams = orgParam.extend({ id: idParam.shape.id });

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path } = route;
  registerRoutes(app, route, byActor, {
    list: listProducts,
    create: createProduct,
    get: getProduct,
    update: updateProduct,
  });

  // The stock's history and the movements an admin types in (purchases, counts, losses).
  app.get(
    `${path}/:id/stock-movements`,
    {
      schema: {
        tags: route.tags,
        params: productParams,
        querystring: listQuery,
        response: { 200: stockMovementListResponse },
      },
      config: { access: { can: 'product.see' } },
    },
    (request) => listMovements(app.db, request.auth, request.params.id, request.query),
  );
  app.post(
    `${path}/:id/stock-movements`,
    {
      schema: {
        tags: route.tags,
        params: productParams,
        body: stockMovementBody,
        response: { 201: stockMovementCreated },
      },
      config: { access: { can: 'product.manage' } },
    },
    async (request, reply) => {
      const movement = await addMovement(app.db, request.auth, request.params.id, request.body);
      const product = await getProduct(app.db, request.auth, request.params.id);
      return reply.code(201).send({ movement, product });
    },
  );
};
