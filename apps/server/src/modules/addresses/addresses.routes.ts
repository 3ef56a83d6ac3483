import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  addressBody,
  addressListResponse,
  addressParam,
  addressResponse,
  listQuery,
  orgParam,
} from '@ordem-certa/contracts';
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  updateAddress,
  type AddressOwner,
} from './addresses.service.ts';
import { routeOptions } from '../../plugins/route-options.ts';

const ownerParams = orgParam.extend(idParam.shape);
const route = routeOptions('addresses');

/** The same address routes for companies/{id}/addresses and customers/{id}/addresses. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  // Who reads and who changes the addresses of each kind of owner.
  for (const [segment, kind, see, change] of [
    ['companies', 'company', 'company.see', 'company.manage'],
    ['customers', 'customer', 'customer.see', 'customer.edit'],
  ] as const) {
    const base = `/organizations/:orgId/${segment}/:id/addresses`;
    const owner = (params: { id: number }): AddressOwner => ({ kind, id: params.id });

    app.get(
      base,
      route(see, { params: ownerParams, querystring: listQuery, response: { 200: addressListResponse } }),
      (request) => listAddresses(app.db, request.auth.organizationId, owner(request.params), request.query),
    );
    app.post(
      base,
      route(change, { params: ownerParams, body: addressBody, response: { 201: addressResponse } }),
      async (request, reply) =>
        reply
          .code(201)
          .send(await createAddress(app.db, request.auth.organizationId, owner(request.params), request.body)),
    );
    app.get(`${base}/:addressId`, route(see, { params: addressParam, response: { 200: addressResponse } }), (request) =>
      getAddress(app.db, request.auth.organizationId, owner(request.params), request.params.addressId),
    );
    app.put(
      `${base}/:addressId`,
      route(change, { params: addressParam, body: addressBody, response: { 200: addressResponse } }),
      (request) =>
        updateAddress(
          app.db,
          request.auth.organizationId,
          owner(request.params),
          request.params.addressId,
          request.body,
        ),
    );
    app.delete(`${base}/:addressId`, route(change, { params: addressParam }), async (request, reply) => {
      await deleteAddress(app.db, request.auth.organizationId, owner(request.params), request.params.addressId);
      return reply.code(204).send();
    });
  }
};
