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
const tags = ['users'];
const base = '/admin/organizations/:orgId/users';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      schema: { tags, params: orgParam, querystring: userListQuery, response: { 200: listResponse(userListItem) } },
      config: { access: { can: 'user.manage' } },
    },
    (request) => listUsers(app.db, request.auth.organizationId, request.query),
  );
  app.post(
    base,
    {
      schema: { tags, params: orgParam, body: createUserBody, response: { 201: userResponse } },
      config: { access: { can: 'user.manage' } },
    },
    async (request, reply) => reply.code(201).send(await createUser(app.db, request.auth, request.body)),
  );
  app.get(
    `${base}/available-roles`,
    {
      schema: { tags, params: orgParam, response: { 200: z.array(roleOption) } },
      config: { access: { can: 'user.manage' } },
    },
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
      config: { access: { can: 'user.see' } },
    },
    (request) => listWorkers(app.db, request.auth.organizationId, request.query),
  );
  app.get(
    `${base}/:id`,
    {
      schema: { tags, params: itemParams, response: { 200: userResponse } },
      config: { access: { can: 'user.manage' } },
    },
    (request) => getUser(app.db, request.auth.organizationId, request.params.id),
  );
  app.put(
    `${base}/:id`,
    {
      schema: { tags, params: itemParams, body: updateUserBody, response: { 200: userResponse } },
      config: { access: { can: 'user.manage' } },
    },
    (request) => updateUser(app.db, request.auth, request.params.id, request.body),
  );
  app.patch(
    `${base}/:id/financial`,
    {
      schema: { tags, params: itemParams, body: userFinancialBody, response: { 200: userResponse } },
      config: { access: { can: 'commission.manage' } },
    },
    (request) => updateUserFinancial(app.db, request.auth.organizationId, request.params.id, request.body),
  );
};
