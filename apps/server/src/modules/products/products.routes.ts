import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, listResponse, orgParam, productBody, productListQuery, productResponse } from '@oficina/contracts';
import { createProduct, getProduct, listProducts, updateProduct } from './products.service.ts';

const itemParams = orgParam.extend({ id: idParam.shape.id });
const admin = { access: { admin: true } };
const tags = ['products'];

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/:orgId/products',
    {
      schema: {
        tags,
        params: orgParam,
        querystring: productListQuery,
        response: { 200: listResponse(productResponse) },
      },
      config: admin,
    },
    (request) => listProducts(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    '/organizations/:orgId/products',
    { schema: { tags, params: orgParam, body: productBody, response: { 201: productResponse } }, config: admin },
    async (request, reply) =>
      reply.code(201).send(await createProduct(app.db, request.auth.organizationId, request.body)),
  );
  app.get(
    '/organizations/:orgId/products/:id',
    { schema: { tags, params: itemParams, response: { 200: productResponse } }, config: admin },
    (request) => getProduct(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    '/organizations/:orgId/products/:id',
    { schema: { tags, params: itemParams, body: productBody, response: { 200: productResponse } }, config: admin },
    (request) => updateProduct(app.db, request.auth.organizationId, request.params.id, request.body),
  );
};
