import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productBody, productListQuery, productResponse } from '@oficina/contracts';
import { registerRouteSchemas } from '../../lib/register-routes.ts';
import { createProduct, getProduct, listProducts, updateProduct } from './products.service.ts';

const route = registerRouteSchemas(
  'products',
  { query: productListQuery, body: productBody, response: productResponse },
  { all: { admin: true } },
);

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const path = '/organizations/:orgId/products';
  app.get(path, route.list, (request) => listProducts(app.db, request.auth.organizationId, request.query));
  app.post(path, route.create, async (request, reply) =>
    reply.code(201).send(await createProduct(app.db, request.auth.organizationId, request.body)),
  );
  app.get(`${path}/:id`, route.get, (request) => getProduct(app.db, request.auth.organizationId, request.params.id));
  app.put(`${path}/:id`, route.update, (request) =>
    updateProduct(app.db, request.auth.organizationId, request.params.id, request.body),
  );
};
