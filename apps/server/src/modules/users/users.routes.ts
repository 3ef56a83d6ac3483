import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availableRoles,
  createUserBody,
  idParam,
  listResponse,
  orgParam,
  roleOption,
  updateUserBody,
  userFinancialBody,
  userListItem,
  userListQuery,
  userResponse,
  workerItem,
  workerListQuery,
} from '@ordem-certa/contracts';
import { createUser, getUser, listUsers, listWorkers, updateUser, updateUserFinancial } from './users.service.ts';

const itemParams = orgParam.extend({ id: idParam.shape.id });
const admin = { access: { admin: true } };
const tags = ['users'];
const base = '/admin/organizations/:orgId/users';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      schema: { tags, params: orgParam, querystring: userListQuery, response: { 200: listResponse(userListItem) } },
      config: admin,
    },
    (request) => listUsers(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    base,
    { schema: { tags, params: orgParam, body: createUserBody, response: { 201: userResponse } }, config: admin },
    async (request, reply) => reply.code(201).send(await createUser(app.db, request.auth.organizationId, request.body)),
  );
  app.get(
    `${base}/available-roles`,
    { schema: { tags, params: orgParam, response: { 200: z.array(roleOption) } }, config: admin },
    () => availableRoles.map((r) => ({ ...r })),
  );
  app.get(
    `${base}/workers`,
    {
      schema: {
        tags,
        summary: 'Usuários ativos que podem trabalhar em ordens de serviço',
        params: orgParam,
        querystring: workerListQuery,
        response: { 200: listResponse(workerItem) },
      },
      config: admin,
    },
    (request) => listWorkers(app.db, request.auth.organizationId, request.query),
  );
  app.get(
    `${base}/:id`,
    { schema: { tags, params: itemParams, response: { 200: userResponse } }, config: admin },
    (request) => getUser(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    `${base}/:id`,
    { schema: { tags, params: itemParams, body: updateUserBody, response: { 200: userResponse } }, config: admin },
    (request) => updateUser(app.db, request.auth.organizationId, request.params.id, request.body),
  );
  app.patch(
    `${base}/:id/financial`,
    { schema: { tags, params: itemParams, body: userFinancialBody, response: { 200: userResponse } }, config: admin },
    (request) => updateUserFinancial(app.db, request.auth.organizationId, request.params.id, request.body),
  );
};
